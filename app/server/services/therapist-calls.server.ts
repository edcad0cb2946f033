import { and, asc, count, desc, eq, gt, isNull, lte, sql, type SQL } from "drizzle-orm";
import { THERAPIST_AREA } from "~/domain/sessions";
import { CLIENT_AREA } from "~/domain/client-area";
import { audit } from "../audit.server";
import { readAnswers } from "../crypto.server";
import type { Database } from "../db/client.server";
import { groupBookings, intakeCalls, questionnaireResponses, therapists, user } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import type { TherapistIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { CallChangedForPerson, CallForTherapist } from "../mail/booking-templates";
import { pageFrom } from "./admin-lists.server";
import { callMeans, callPersonColumns, slotLabel } from "./intake-calls.server";

/** A call shows in the agenda until this long after its start (it may still be going on). */
const AGENDA_GRACE_MINUTES = 60;
/** Both sides hear of a call this long before it. */
export const CALL_REMINDER_LEAD_HOURS = 24;

/** The therapist's booked calls matching `where`, in `order`: who, when, how to reach them. No answers here. */
async function agendaRows(db: Pick<Database, "select">, therapistId: string, where: SQL | undefined, order: SQL, limit = 100, offset = 0) {
  const rows = await db
    .select({ id: intakeCalls.id, startsAt: intakeCalls.startsAt, endsAt: intakeCalls.endsAt, name: intakeCalls.name, phone: intakeCalls.phone })
    .from(intakeCalls)
    .where(agendaFilter(therapistId, where))
    .orderBy(order, asc(intakeCalls.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, label: slotLabel(row.startsAt) }));
}

/** The WHERE of the therapist's booked calls, narrowed by `where`. */
const agendaFilter = (therapistId: string, where: SQL | undefined) => and(eq(intakeCalls.therapistId, therapistId), eq(intakeCalls.status, "booked"), where);

/** The therapist's upcoming booked calls, soonest first (one that started less than AGENDA_GRACE_MINUTES ago included). */
export const upcomingCalls = (db: Pick<Database, "select">, therapistId: string, now = new Date()) =>
  agendaRows(db, therapistId, gt(intakeCalls.startsAt, new Date(now.getTime() - AGENDA_GRACE_MINUTES * 60_000)), asc(intakeCalls.startsAt));

/** Past calls still without an outcome shown per page of the agenda. */
export const AWAITING_PAGE_SIZE = 20;

/**
 * One page (`requested`, clamped to the last) of the therapist's past calls still without an outcome
 * (out of the agenda), the latest first, with their total: the calls they have to conclude.
 */
export async function callsAwaitingOutcome(db: Pick<Database, "select">, therapistId: string, requested = 1, now = new Date()) {
  const past = and(lte(intakeCalls.startsAt, new Date(now.getTime() - AGENDA_GRACE_MINUTES * 60_000)), isNull(intakeCalls.outcome));
  const [total] = await db.select({ value: count() }).from(intakeCalls).where(agendaFilter(therapistId, past));
  return pageFrom(total?.value ?? 0, requested, (limit, offset) => agendaRows(db, therapistId, past, desc(intakeCalls.startsAt), limit, offset), AWAITING_PAGE_SIZE);
}

/**
 * One of the therapist's own calls with the person's questionnaire answers, decrypted; the read is
 * audited. Another therapist's call (or none) answers 404. The answers are the booking's questionnaire,
 * or the person's latest by address.
 */
export async function ownCallWithAnswers(db: Database, identity: TherapistIdentity, callId: string) {
  const [call] = await db
    .select({
      ...callPersonColumns,
      responseId: groupBookings.responseId,
      callRoomUrl: therapists.callRoomUrl,
    })
    .from(intakeCalls)
    .innerJoin(therapists, eq(therapists.id, intakeCalls.therapistId))
    .leftJoin(groupBookings, eq(groupBookings.id, intakeCalls.bookingId))
    .where(and(eq(intakeCalls.id, callId), eq(intakeCalls.therapistId, identity.therapist.id)));
  if (!call) throw new HttpError(404, "Chiamata non trovata.");
  const [response] = await db
    .select({ id: questionnaireResponses.id, age: questionnaireResponses.age, answers: questionnaireResponses.answers, submittedAt: questionnaireResponses.createdAt })
    .from(questionnaireResponses)
    .where(call.responseId ? eq(questionnaireResponses.id, call.responseId) : eq(sql`lower(${questionnaireResponses.email})`, call.email.toLowerCase()))
    .orderBy(desc(questionnaireResponses.createdAt))
    .limit(1);
  await audit(db, identity.session, { action: "read", entity: "questionnaire_answers", entityId: response?.id ?? null, detail: { intakeCallId: call.id } });
  return {
    id: call.id,
    label: slotLabel(call.startsAt),
    status: call.status,
    name: call.name,
    phone: call.phone,
    callRoomUrl: call.callRoomUrl,
    ageBracket: response?.age ?? null,
    submittedAt: response?.submittedAt ?? null,
    answers: response ? readAnswers(response.answers) : null,
  };
}

/**
 * Queues the reminder of every booked call starting within CALL_REMINDER_LEAD_HOURS, to the person
 * and to the therapist, once: the update that marks the call is the claim (a parallel run finds it
 * marked). Run by the session reminders' job. Returns how many calls were reminded.
 */
export async function queueCallReminders(db: Database, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(intakeCalls)
      .set({ reminderQueuedAt: now })
      .where(
        and(
          eq(intakeCalls.status, "booked"),
          isNull(intakeCalls.reminderQueuedAt),
          gt(intakeCalls.startsAt, now),
          lte(intakeCalls.startsAt, new Date(now.getTime() + CALL_REMINDER_LEAD_HOURS * 3_600_000)),
        ),
      )
      .returning({ id: intakeCalls.id, therapistId: intakeCalls.therapistId, startsAt: intakeCalls.startsAt, email: intakeCalls.email, name: intakeCalls.name });
    for (const call of due) {
      if (!call.therapistId) continue;
      const [therapist] = await tx
        .select({ name: therapists.name, email: sql<string | null>`coalesce(${therapists.email}, ${user.email})`, callRoomUrl: therapists.callRoomUrl })
        .from(therapists)
        .leftJoin(user, eq(user.id, therapists.userId))
        .where(eq(therapists.id, call.therapistId));
      if (!therapist) continue;
      const label = slotLabel(call.startsAt);
      await enqueueEmails(tx, [
        {
          to: call.email,
          subject: `Promemoria: chiamata conoscitiva, ${label}`,
          template: "call-reminder",
          body: emailBody(CallChangedForPerson, {
            name: call.name,
            change: "reminder",
            slotLabel: label,
            therapistName: therapist.name,
            means: callMeans(therapist),
            areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
          }),
        },
        ...(therapist.email
          ? [
              {
                to: therapist.email,
                subject: `Promemoria: chiamata conoscitiva, ${label}`,
                template: "call-reminder-therapist",
                body: emailBody(CallForTherapist, {
                  therapistName: therapist.name,
                  change: "reminder" as const,
                  slotLabel: label,
                  areaUrl: `${publicBaseUrl()}${THERAPIST_AREA}/chiamate`,
                }),
              },
            ]
          : []),
      ]);
    }
    return due.length;
  });
}
