import { z } from "./zod";
import { newsletterMessages } from "./newsletter-messages";

export const contactMessages = {
  name: "Inserisci il tuo nome",
  email: "Inserisci un indirizzo email valido",
  subject: "Inserisci l'oggetto del messaggio",
  message: "Scrivi il tuo messaggio",
  tooLong: (max: number) => `Puoi scrivere al massimo ${max} caratteri`,
  /** Without JavaScript there is no anti-spam proof: the message still arrives, held for a person to check (docs/decisions/062). */
  noJavaScript: "JavaScript non è attivo: puoi scriverci lo stesso, controlleremo il messaggio prima di risponderti.",
  held: (hours: number) =>
    `Il tuo messaggio è arrivato. Senza JavaScript non possiamo fare la verifica anti-spam automatica: lo controlleremo noi e ti risponderemo entro ${hours} ore all'indirizzo che ci hai dato.`,
} as const;

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, contactMessages.tooLong(max));

/** The public contact form: name, email, subject and message, all required. */
export const contactSchema = z.object({
  name: text(contactMessages.name, 100),
  email: z.string({ error: contactMessages.email }).trim().max(254, contactMessages.tooLong(254)).pipe(z.email(contactMessages.email)),
  subject: text(contactMessages.subject, 200),
  message: text(contactMessages.message, 5000),
  phone: z.string().trim().max(40, contactMessages.tooLong(40)).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: z.string({ error: newsletterMessages.missing }).trim().min(1, newsletterMessages.missing).max(254, newsletterMessages.invalid).pipe(z.email(newsletterMessages.invalid)),
});
