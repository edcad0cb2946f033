import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { callChangeAllowed, callChangeMessages, freeTherapistsAt, intakeSlotDays, type OwnCallChange } from "~/domain/intake-calls";
import { CALL_SLOT_MINUTES, messages } from "~/domain/matching-types";
import { CLIENT_AREA } from "~/domain/client-area";
import { THERAPIST_AREA } from "~/domain/sessions";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import { isExclusionViolation, type Database } from "../db/client.server";
import { intakeCalls } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { errors, HttpError } from "../http/errors.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { CallChangedForPerson, CallForTherapist } from "../mail/booking-templates";
import { callMeans, callTherapist, slotLabel, storeInvite, therapistCalendars } from "./intake-calls.server";

/**
 * A person's own intake calls in /area-personale, known by the verified address of their session:
 * the upcoming ones, with the times they may move to; moving or cancelling up to
 * CALL_CHANGE_CUTOFF_HOURS before (decision 070), both sides e-mailed with the updated .ics.
 */

/** The therapist's calendar with this call left out, so its own time does not count as busy. */
async function calendarWithout(db: Pick<Database, "select">, therapistId: string, callId: string, now: Date) {
  const calendars = await therapistCalendars(db, therapistId, now);
  const [own] = await db.select({ startsAt: intakeCalls.startsAt, endsAt: intakeCalls.endsAt }).from(intakeCalls).where(eq(intakeCalls.id, callId));
  return calendars.map((calendar) => ({ ...calendar, busy: calendar.busy.filter((busy) => busy.startsAt.getTime() !== own?.startsAt.getTime()) }));
}

export async function personCalls(db: Pick<Database, "select">, email: string, now = new Date()) {
  const rows = await db
    .select({ id: intakeCalls.id, therapistId: intakeCalls.therapistId, startsAt: intakeCalls.startsAt })
    .from(intakeCalls)
    .where(and(eq(sql`lower(${intakeCalls.email})`, email.toLowerCase()), eq(intakeCalls.status, "booked"), gt(intakeCalls.startsAt, now)))
    .orderBy(asc(intakeCalls.startsAt));
  return Promise.all(
    rows.map(async (row) => {
      const therapist = row.therapistId ? await callTherapist(db, row.therapistId) : null;
      const changeable = callChangeAllowed(row.startsAt, now) && therapist !== null;
      return {
        id: row.id,
        label: slotLabel(row.startsAt),
        start: row.startsAt.toISOString(),
        therapistName: therapist?.name ?? null,
        means: therapist ? callMeans(therapist) : null,
        changeable,
        days: changeable && row.therapistId ? intakeSlotDays(now, await calendarWithout(db, row.therapistId, row.id, now)) : [],
      };
    }),
  );
}

/** Moves or cancels the person's own call; 404 for anyone else's, 409 past the cut-off or when the new time was just taken. */
export async function changeOwnCall(db: Database, actor: SessionInfo, email: string, change: OwnCallChange, now = new Date()) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(intakeCalls)
      .where(and(eq(intakeCalls.id, change.callId), eq(sql`lower(${intakeCalls.email})`, email.toLowerCase()), eq(intakeCalls.status, "booked")))
      .for("update");
    if (!current || !current.therapistId) throw new HttpError(404, "Chiamata non trovata.");
    if (!callChangeAllowed(current.startsAt, now)) throw new HttpError(409, callChangeMessages.tooLate);
    const therapist = await callTherapist(tx, current.therapistId);
    const before = slotLabel(current.startsAt);
    let updated;
    if (change.intent === "cancel") {
      [updated] = await tx
        .update(intakeCalls)
        .set({ status: "cancelled", cancelledAt: now, sequence: current.sequence + 1, updatedAt: now })
        .where(eq(intakeCalls.id, current.id))
        .returning();
    } else {
      const start = new Date(change.start);
      if (start.getTime() === current.startsAt.getTime()) throw new HttpError(400, errors.invalid, { start: callChangeMessages.sameTime });
      const calendars = await calendarWithout(tx, current.therapistId, current.id, now);
      const offered = freeTherapistsAt(
        calendars.map((calendar) => ({ ...calendar, busy: [] })),
        start,
      );
      if (offered.length === 0 || !intakeSlotDays(now, calendars).some((day) => day.slots.some((slot) => slot.start === start.toISOString()))) {
        throw new HttpError(400, errors.invalid, { start: messages.slotInvalid });
      }
      if (freeTherapistsAt(calendars, start).length === 0) throw new HttpError(409, messages.slotTaken);
      [updated] = await tx
        .update(intakeCalls)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + CALL_SLOT_MINUTES * 60_000),
          sequence: current.sequence + 1,
          reminderQueuedAt: null,
          updatedAt: now,
        })
        .where(and(eq(intakeCalls.id, current.id), ne(intakeCalls.status, "cancelled")))
        .returning()
        .catch((error: unknown) => {
          if (isExclusionViolation(error)) throw new HttpError(409, messages.slotTaken);
          throw error;
        });
    }
    const call = updated!;
    const label = slotLabel(call.startsAt);
    const attachment = await storeInvite({ ...call, status: call.status, therapist }, now);
    const changeKind = change.intent === "cancel" ? ("cancelled" as const) : ("moved" as const);
    await audit(tx, actor, {
      action: "update",
      entity: "intake_call",
      entityId: call.id,
      detail: { by: "self", change: changeKind, from: current.startsAt.toISOString(), to: changeKind === "moved" ? call.startsAt.toISOString() : null },
    });
    const shown = changeKind === "cancelled" ? before : label;
    await enqueueEmails(tx, [
      {
        to: call.email,
        subject: changeKind === "cancelled" ? "Chiamata conoscitiva annullata" : `Chiamata conoscitiva spostata: ${label}`,
        template: `call-${changeKind}`,
        body: emailBody(CallChangedForPerson, {
          name: call.name,
          change: changeKind,
          slotLabel: shown,
          therapistName: therapist.name,
          means: callMeans(therapist),
          areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
        }),
        attachments: [attachment],
      },
      ...(therapist.email
        ? [
            {
              to: therapist.email,
              subject: changeKind === "cancelled" ? `Chiamata annullata: ${before}` : `Chiamata spostata: ${label}`,
              template: `call-${changeKind}-therapist`,
              body: emailBody(CallForTherapist, { therapistName: therapist.name, change: changeKind, slotLabel: shown, areaUrl: `${publicBaseUrl()}${THERAPIST_AREA}/chiamate` }),
              attachments: [attachment],
            },
          ]
        : []),
    ]);
    return changeKind === "cancelled" ? "Chiamata annullata" : `Chiamata spostata a ${label}`;
  });
}
