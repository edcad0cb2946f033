import { legalVersions } from "~/content/site";
import type { RegistrationInput } from "~/domain/registration";
import type { Database } from "../db/client.server";
import { consentRecords, registrations } from "../db/schema";
import { env } from "../env.server";
import { enqueueEmails, type Attachment, emailBody } from "../mail/outbox.server";
import { RegistrationConfirmation, StaffNotification } from "../mail/templates";
import { documentFileName, documentTypes, liveDocumentKey } from "./admin-documents.server";
import { subscribe } from "./newsletter.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

/**
 * The three PDFs, always: the one staff uploaded for a type, otherwise the one generated from the
 * text the site shows (so a fresh install can take registrations). Attached under the spec's names.
 */
async function documentAttachments(): Promise<Attachment[]> {
  return Promise.all(
    documentTypes.map(async ({ type }) => ({
      filename: documentFileName(type),
      bucket: "documents" as const,
      key: await liveDocumentKey(type),
      contentType: "application/pdf",
    })),
  );
}

export async function registerParticipant(tx: Tx, input: RegistrationInput) {
  const attachments = await documentAttachments();
  const email = input.email.toLowerCase();
  const [row] = await tx
    .insert(registrations)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      email,
      accordoServizio: input.accordoServizio,
      terminiCondizioni: input.terminiCondizioni,
      privacy: input.privacy,
      autorizzazioneContatto: input.autorizzazioneContatto,
      newsletter: input.newsletter,
      submittedAt: input.timestamp ? new Date(input.timestamp) : new Date(),
    })
    .returning({ id: registrations.id });
  await tx.insert(consentRecords).values([
    { email, form: "registration", consent: "accordo-servizio", textVersion: legalVersions.terms.version },
    { email, form: "registration", consent: "termini-condizioni", textVersion: legalVersions.terms.version },
    { email, form: "registration", consent: "privacy", textVersion: legalVersions.privacy.version },
    { email, form: "registration", consent: "autorizzazione-contatto", textVersion: legalVersions.privacy.version },
  ]);
  const name = `${input.firstName} ${input.lastName}`;
  await enqueueEmails(tx, [
    {
      to: email,
      subject: "Conferma della tua iscrizione",
      template: "registration-confirmation",
      body: emailBody(RegistrationConfirmation, { name: input.firstName }),
      attachments,
    },
    {
      to: env().STAFF_EMAIL,
      subject: `Nuova iscrizione: ${name}`,
      template: "registration-staff",
      body: emailBody(StaffNotification, {
        title: "Una nuova iscrizione è stata confermata",
        rows: [
          ["Nome", name],
          ["Email", email],
          ["Data di nascita", input.birthDate],
          ["Newsletter", input.newsletter ? "Sì" : "No"],
        ],
      }),
      attachments,
    },
  ]);
  if (input.newsletter) await subscribe(tx, email, "registration");
  return row!;
}
