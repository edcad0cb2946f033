import { ageOptions } from "./questionnaire";

/**
 * Groups are for adults (issue 30 point 4, docs/decisions/075-groups-for-adults-only.md): a questionnaire answered
 * "Meno di 18" is stored as the spec requires, but that person is recommended no group and can book
 * neither a group nor the introductory call; registration and the call ask to confirm being 18 or over.
 */

/** The questionnaire's under-18 answer of "Fascia d'età". */
export const MINOR_AGE = ageOptions[0].value;

export function isMinor(age: string | null | undefined) {
  return (age ?? "").normalize("NFC").trim() === MINOR_AGE;
}

export const adultMessages = {
  /** The checkbox of the call request and of the registration. */
  label: "Confermo di avere almeno 18 anni",
  required: "Conferma di avere almeno 18 anni: i nostri gruppi sono per persone adulte.",
  /** A booking asked for by someone whose newest questionnaire says "Meno di 18". */
  refused:
    "Nel questionario hai indicato di avere meno di 18 anni: i nostri gruppi sono per persone adulte, quindi non possiamo prenotare un gruppo o una chiamata per te. Se hai indicato l'età per errore, compila di nuovo il questionario.",
} as const;

/** A checkbox that must be ticked: true from JSON, "on"/"true" from a plain form post. */
export const isTicked = (value: unknown) => value === true || value === "on" || value === "true";
