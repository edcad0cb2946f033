export const privacyRequestTypes = ["access", "portability", "erasure"] as const;
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];

export const requestTypeLabels: Record<PrivacyRequestType, string> = {
  access: "Accesso (art. 15)",
  portability: "Portabilità (art. 20)",
  erasure: "Cancellazione (art. 17)",
};

/** What each recorded consent (consent_records.consent) was given to, in the person's words. */
const consentLabels: Record<string, string> = {
  "privacy-health-data": "Trattamento dei dati, anche sanitari, secondo la privacy policy",
  terms: "Termini e condizioni",
  "accordo-servizio": "Accordo di servizio",
  "termini-condizioni": "Termini e condizioni",
  privacy: "Privacy policy",
  "autorizzazione-contatto": "Autorizzazione a essere contattato per organizzare il percorso",
  newsletter: "Newsletter",
};

export const consentLabel = (consent: string) => consentLabels[consent] ?? consent;

export const consentFormLabels: Record<"questionnaire" | "registration" | "newsletter", string> = {
  questionnaire: "Dato nel questionario",
  registration: "Dato nell'iscrizione",
  newsletter: "Dato confermando la newsletter",
};
