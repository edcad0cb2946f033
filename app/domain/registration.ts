import { adultMessages, isTicked } from "./minors";
import { z } from "./zod";

export const registrationMessages = {
  firstName: "Inserisci il tuo nome",
  lastName: "Inserisci il tuo cognome",
  birthDate: "Inserisci una data di nascita valida",
  adult: "Per iscriverti devi essere maggiorenne",
  email: "Inserisci un indirizzo email valido",
  consentsTitle: "Errore",
  consents: "È necessario accettare tutti i termini obbligatori per procedere",
} as const;

const mustAccept = z.preprocess(isTicked, z.literal(true, { error: registrationMessages.consents }));

function isAdult(date: string, today = new Date()) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const eighteenth = new Date(Date.UTC(year + 18, month - 1, day));
  return eighteenth <= today;
}

/** The registration confirmation form (spec section 3), validated identically in the browser and on the server. */
export const registrationSchema = z.object({
  firstName: z.string({ error: registrationMessages.firstName }).trim().min(1, registrationMessages.firstName).max(100),
  lastName: z.string({ error: registrationMessages.lastName }).trim().min(1, registrationMessages.lastName).max(100),
  birthDate: z
    .string({ error: registrationMessages.birthDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, registrationMessages.birthDate)
    .refine((value) => !Number.isNaN(Date.parse(value)) && value >= "1900-01-01", registrationMessages.birthDate)
    .refine((value) => isAdult(value), registrationMessages.adult),
  email: z.string({ error: registrationMessages.email }).trim().max(254).pipe(z.email(registrationMessages.email)),
  accordoServizio: mustAccept,
  terminiCondizioni: mustAccept,
  privacy: mustAccept,
  autorizzazioneContatto: mustAccept,
  /** "Confermo di avere almeno 18 anni": groups are for adults (stored as the consent record `maggiorenne`). */
  adult: z.preprocess(isTicked, z.literal(true, { error: adultMessages.required })),
  newsletter: z.preprocess(isTicked, z.boolean()),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

export type RegistrationInput = z.infer<typeof registrationSchema>;
export const requiredConsents = ["accordoServizio", "terminiCondizioni", "privacy", "autorizzazioneContatto"] as const;
