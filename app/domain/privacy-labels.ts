import { formatEuro } from "./money";
import { labelled } from "./labelled";
import { z } from "./zod";

export const [privacyRequestTypes, requestTypeLabels] = labelled({
  access: "Accesso (art. 15)",
  portability: "Portabilità (art. 20)",
  erasure: "Cancellazione (art. 17)",
});
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];

/** The person's address, as staff look it up and as a request records it. */
export const privacyEmailSchema = z.email("Inserisci un indirizzo email valido").max(254);

/** A request recorded by staff (the person asked by e-mail or letter): its type and an optional note. */
export const privacyRequestSchema = z.object({ email: privacyEmailSchema, type: z.enum(privacyRequestTypes), note: z.string().max(500).optional() });

/** Why an address's data cannot be erased yet (the retention of the clinical record, docs/decisions on it), until `until` ("31/12/2031"). */
export const erasureHoldReason = (until: string) =>
  `Non cancellabile fino al ${until}: il diario clinico di questa persona va conservato fino ad allora (Codice deontologico degli psicologi, art. 17).`;

/** What each recorded consent (consent_records.consent) was given to, in the person's words. */
const consentLabels: Record<string, string> = {
  "privacy-health-data": "Trattamento dei dati, anche sanitari, secondo la privacy policy",
  terms: "Termini e condizioni",
  "accordo-servizio": "Accordo di servizio",
  "termini-condizioni": "Termini e condizioni",
  privacy: "Privacy policy",
  "autorizzazione-contatto": "Autorizzazione a essere contattatə per organizzare il percorso",
  newsletter: "Newsletter",
  maggiorenne: "Dichiarazione di avere almeno 18 anni",
};

export const consentLabel = (consent: string) => consentLabels[consent] ?? consent;

export const consentFormLabels: Record<"questionnaire" | "registration" | "newsletter" | "call", string> = {
  questionnaire: "Dato nel questionario",
  registration: "Dato nell'iscrizione",
  newsletter: "Dato confermando la newsletter",
  call: "Dato chiedendo la chiamata conoscitiva",
};

/** A booking of the person looked up whose account is not settled: positive still owed, negative a credit. */
export interface OpenBalance {
  bookingId: string;
  name: string;
  owedCents: number;
}

/**
 * What staff read before erasing a person whose money is not settled: the amount still owed or the
 * credit to give back, per booking. Erasure deletes the bookings, and with them what the balance is
 * counted from; the invoices stay (the law keeps them).
 */
export function erasureMoneyWarning(balances: readonly OpenBalance[]): string | null {
  const owed = balances.filter((balance) => balance.owedCents > 0);
  const credit = balances.filter((balance) => balance.owedCents < 0);
  if (owed.length === 0 && credit.length === 0) return null;
  const list = (items: OpenBalance[], sign: 1 | -1) => items.map((item) => `${formatEuro(sign * item.owedCents)} (${item.name})`).join(", ");
  const parts = [owed.length ? `ha ancora da pagare ${list(owed, 1)}` : null, credit.length ? `ha un credito da restituire di ${list(credit, -1)}` : null].filter(Boolean);
  return `Attenzione: questa persona ${parts.join(" e ")}. Dopo la cancellazione il saldo non si potrà più ricostruire: sistemalo prima, o annota come è stato chiuso.`;
}
