import { createElement } from "react";
import { legalVersions } from "~/content/site";
import type { RegistrationInput } from "~/domain/registration";
import type { Database } from "../db/client.server";
import { consentRecords, registrations } from "../db/schema";
import { env } from "../env.server";
import { HttpError } from "../http.server";
import { enqueueEmails, type Attachment } from "../mail/outbox.server";
import { RegistrationConfirmation, StaffNotification } from "../mail/templates";
import { storage } from "../storage.server";
import { documentFileName, documentTypes } from "./admin-documents.server";
import { subscribe } from "./newsletter.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

export const missingDocumentsMessage =
  "Non è possibile completare l'iscrizione in questo momento: alcuni documenti non sono disponibili. Riprova più tardi o scrivici.";

/** The three PDFs, all of which must exist: otherwise nothing is stored and nothing is sent. */
async function documentAttachments(): Promise<Attachment[]> {
  const attachments: Attachment[] = [];
  for (const { type } of documentTypes) {
    const key = documentFileName(type);
    if (!(await storage().exists("documents", key))) throw new HttpError(409, missingDocumentsMessage);
    attachments.push({ filename: key, bucket: "documents", key, contentType: "application/pdf" });
  }
  return attachments;
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
      body: createElement(RegistrationConfirmation, { name: input.firstName }),
      attachments,
    },
    {
      to: env().STAFF_EMAIL,
      subject: `Nuova iscrizione: ${name}`,
      template: "registration-staff",
      body: createElement(StaffNotification, {
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
