import type { ContactInput } from "~/domain/contact";
import type { Database } from "../db/client.server";
import { contacts } from "../db/schema";
import { env } from "../env.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { ContactAutoReply, StaffNotification } from "../mail/templates";

type Tx = Pick<Database, "insert" | "execute">;

/** Stores a contact message and queues the staff notification and the auto-reply, in the caller's transaction. */
export async function createContact(tx: Tx, input: ContactInput) {
  const [row] = await tx
    .insert(contacts)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, phone: input.phone || null })
    .returning({ id: contacts.id });
  await enqueueEmails(tx, [
    {
      to: env().STAFF_EMAIL,
      subject: `Nuovo messaggio dal sito: ${input.subject}`,
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
    {
      to: input.email,
      subject: "Abbiamo ricevuto il tuo messaggio",
      template: "contact-auto-reply",
      body: emailBody(ContactAutoReply, { name: input.name }),
    },
  ]);
  return row!;
}
