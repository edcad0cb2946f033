/** The newsletter form's messages (spec section 8), kept free of Zod so the home page stays light. */
export const newsletterMessages = {
  missingTitle: "Email richiesta",
  missing: "Inserisci il tuo indirizzo email per iscriverti",
  invalid: "Inserisci un indirizzo email valido",
} as const;
