/** The newsletter form's messages (spec section 8), kept free of Zod so the home page stays light. */
export const newsletterMessages = {
  missingTitle: "Email richiesta",
  missing: "Inserisci il tuo indirizzo email per iscriverti",
  invalid: "Inserisci un indirizzo email valido",
  /** The same answer whether the address is new or already subscribed: the form never tells which. */
  subscribed: "Se l'indirizzo non è già iscritto, riceverai un'email con il link per confermare l'iscrizione.",
} as const;
