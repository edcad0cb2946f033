import { and, desc, eq, sql } from "drizzle-orm";
import { legalVersions } from "~/content/site";
import type { RegistrationInput } from "~/domain/registration";
import type { Database } from "../db/client.server";
import { consentRecords, registrations } from "../db/schema";
import { adultDeclaration } from "./minors.server";
import { enqueueEmails, type Attachment, emailBody, staffEmail } from "../mail/outbox.server";
import { RegistrationConfirmation } from "../mail/templates";
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

/** The consents a registration gives, each on the version of the text it accepts. */
const registrationConsents = (email: string) => [
  { email, form: "registration" as const, consent: "accordo-servizio", textVersion: legalVersions.terms.version },
  { email, form: "registration" as const, consent: "termini-condizioni", textVersion: legalVersions.terms.version },
  { email, form: "registration" as const, consent: "privacy", textVersion: legalVersions.privacy.version },
  { email, form: "registration" as const, consent: "autorizzazione-contatto", textVersion: legalVersions.privacy.version },
  adultDeclaration(email, "registration"),
];

/**
 * Stores a registration, its consents, and e-mails the person and staff the three PDFs. An address
 * registers once per version of the texts: a second submission (a double click, the form sent again,
 * the same address in another case) answers the same and changes and sends nothing; after the texts
 * change, a new submission stores the new consents and sends the new documents.
 */
export async function registerParticipant(tx: Tx, input: RegistrationInput) {
  const email = input.email.toLowerCase();
  // Two submissions of one address at once: the second waits for the first and finds it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration:${email}`}))`);
  const given = await tx
    .select({ consent: consentRecords.consent, textVersion: consentRecords.textVersion })
    .from(consentRecords)
    .where(and(sql`lower(${consentRecords.email}) = ${email}`, eq(consentRecords.form, "registration")));
  const consents = registrationConsents(email).filter((wanted) => !given.some((row) => row.consent === wanted.consent && row.textVersion === wanted.textVersion));
  if (consents.length === 0) {
    const [earlier] = await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.email, email)).orderBy(desc(registrations.createdAt)).limit(1);
    if (earlier) return earlier;
  }
  const attachments = await documentAttachments();
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
  if (consents.length > 0) await tx.insert(consentRecords).values(consents);
  const name = `${input.firstName} ${input.lastName}`;
  await enqueueEmails(tx, [
    {
      to: email,
      subject: "Conferma della tua iscrizione",
      template: "registration-confirmation",
      body: emailBody(RegistrationConfirmation, { name: input.firstName }),
      attachments,
    },
    staffEmail({
      subject: `Nuova iscrizione: ${name}`,
      template: "registration-staff",
      title: "Una nuova iscrizione è stata confermata",
      person: { name, email },
      rows: [
        ["Data di nascita", input.birthDate],
        ["Newsletter", input.newsletter ? "Sì" : "No"],
      ],
      attachments,
    }),
  ]);
  if (input.newsletter) await subscribe(tx, email, "registration");
  return row!;
}
