import type { ContactInput } from "~/domain/contact";
import type { Database } from "../db/client.server";
import { contacts } from "../db/schema";
import { emailBody, enqueueEmails, staffEmail } from "../mail/outbox.server";
import { ContactAutoReply } from "../mail/templates";

type Tx = Pick<Database, "insert" | "execute">;

/**
 * Stores a contact message and queues the staff notification and the auto-reply, in the caller's transaction.
 * A message sent without the anti-spam proof (`verified: false`) is held for review ("Da verificare"): staff
 * are told, but nothing is sent to the address it gives until a person has read it (docs/decisions/062).
 */
export async function createContact(tx: Tx, input: ContactInput, { verified }: { verified: boolean }) {
  const [row] = await tx
    .insert(contacts)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      phone: input.phone || null,
      status: verified ? "new" : "unverified",
    })
    .returning({ id: contacts.id });
  const held = verified ? "" : "[Da verificare] ";
  await enqueueEmails(tx, [
    staffEmail({
      subject: `${held}Nuovo messaggio dal sito: ${input.subject}`,
      template: "contact-staff",
      title: "Nuovo messaggio dal modulo contatti",
      person: input,
      rows: [
        ["Oggetto", input.subject],
        ["Messaggio", input.message],
      ],
    }),
    ...(verified
      ? [{ to: input.email, subject: "Abbiamo ricevuto il tuo messaggio", template: "contact-auto-reply", body: emailBody(ContactAutoReply, { name: input.name }) }]
      : []),
  ]);
  return row!;
}
