import type { ContactInput } from "~/domain/contact";
import type { Database } from "../db/client.server";
import { contacts } from "../db/schema";
import { env } from "../env.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { ContactAutoReply, StaffNotification } from "../mail/templates";

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
    {
      to: env().STAFF_EMAIL,
      subject: `${held}Nuovo messaggio dal sito: ${input.subject}`,
      template: "contact-staff",
      body: emailBody(StaffNotification, {
        title: "Nuovo messaggio dal modulo contatti",
        rows: [
          ["Nome", input.name],
          ["Email", input.email],
          ["Oggetto", input.subject],
          ["Messaggio", input.message],
        ],
      }),
    },
    ...(verified
      ? [{ to: input.email, subject: "Abbiamo ricevuto il tuo messaggio", template: "contact-auto-reply", body: emailBody(ContactAutoReply, { name: input.name }) }]
      : []),
  ]);
  return row!;
}
