/** What a visitor reads while the database is unreachable (the 503 page, the error boundary, JSON errors). */
export const outage = {
  title: "Servizio momentaneamente non disponibile",
  message: "Stiamo ripristinando il servizio. Riprova tra un minuto.",
  reassurance: "Quello che ci hai già inviato è al sicuro: non è andato perso nulla.",
  retry: "Riprova",
  /** The `error` of JSON endpoints. */
  apiError: "Servizio momentaneamente non disponibile: stiamo ripristinando il servizio. Riprova tra un minuto.",
} as const;

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;
