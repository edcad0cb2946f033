import { and, eq } from "drizzle-orm";
import { absenceNotice } from "~/content/site";
import { sessionLabel } from "~/domain/sessions";
import type { Database } from "../db/client.server";
import { attendance, groupBookings } from "../db/schema";
import type { ClientIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { areaUrl, bookingName, ownSession } from "./client-area.server";
import { announceAbsence } from "./sessions.server";

/** Absences: announced by the member for a coming meeting of their own group (the meeting's page in the area). */

/** What the person saw before confirming: a free absence, or one that is charged. */
export type ExpectedCharge = "free" | "fee";

/**
 * The member's own announcement of an absence, once: before the notice period it is recorded as
 * absent_notified (free), after it as absent_unnotified (charged, as the page said before the
 * person confirmed). If the cut-off passed between showing the page and confirming a free absence,
 * nothing is recorded and the person is asked again. A repeated confirmation changes nothing and
 * e-mails nothing; the first one is confirmed by e-mail.
 */
export async function announceClientAbsence(db: Database, client: ClientIdentity, sessionId: string, expected: ExpectedCharge, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const before = await ownSession(tx, client, sessionId, now);
    // One announcement at a time per member: a double submit waits here and then finds the first one.
    await tx.select({ id: groupBookings.id }).from(groupBookings).where(eq(groupBookings.id, before.bookingId)).for("update");
    const [existing] = await tx
      .select({ status: attendance.status })
      .from(attendance)
      .where(and(eq(attendance.sessionId, sessionId), eq(attendance.bookingId, before.bookingId)));
    if (existing && existing.status !== "present") return { status: existing.status, changed: false };
    if (expected === "free" && !before.absenceFree) {
      throw new HttpError(409, `Nel frattempo è passato il limite del ${absenceNotice.rule}: ora l'assenza è addebitata. Leggi di nuovo e conferma se vuoi.`);
    }
    const saved = await announceAbsence(tx, before.bookingId, sessionId, now);
    const when = sessionLabel(before.startsAt, before.endsAt);
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: `Assenza registrata: ${before.groupName}`,
        template: "client-absence",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: `Assenza registrata per ${when}`,
          paragraphs: [
            `abbiamo registrato la tua assenza all'incontro del gruppo ${before.groupName} di ${when} (ora italiana).`,
            saved.notified
              ? `L'hai segnalata con il ${absenceNotice.rule}: l'incontro non ti sarà addebitato.`
              : `L'hai segnalata dopo il limite del ${absenceNotice.rule}: l'incontro resta dovuto.`,
          ],
          areaUrl: areaUrl(),
        }),
      },
    ]);
    return { status: saved.status, changed: true };
  });
}
