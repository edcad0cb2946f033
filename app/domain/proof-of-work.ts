/**
 * The anti-spam proof of work (ALTCHA), shared by the browser and the server: where the challenge
 * comes from, where a solved one travels, and what a person reads when it is missing.
 */
export const CHALLENGE_PATH = "/api/altcha-challenge";
/** JSON endpoints read the solved challenge from this header, or from the body field below. */
export const PROOF_OF_WORK_HEADER = "X-Altcha";
/** The form field (and JSON body field) holding a solved challenge, the name the ALTCHA widget uses. */
export const PROOF_OF_WORK_FIELD = "altcha";
/** A challenge is accepted for this long after it was issued, and only once. */
export const CHALLENGE_TTL_SECONDS = 600;

export const proofOfWorkMessages = {
  failed: "Verifica anti-spam non riuscita. Ricarica la pagina e riprova.",
  noJavaScript:
    "Per inviare questo modulo serve JavaScript: il browser risolve da solo una piccola verifica anti-spam, senza servizi esterni. Attiva JavaScript e ricarica la pagina.",
} as const;
