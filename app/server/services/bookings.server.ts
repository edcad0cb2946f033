import { and, asc, desc, eq, getTableColumns, gt, inArray, sql } from "drizzle-orm";
import { bookingStatusLabels } from "~/domain/group-labels";
import { DIRECT_CALL_LABEL, messages } from "~/domain/matching-types";
import type { GroupSelectionInput } from "~/domain/matching-schemas";
import { matchGroups, freeSpotsOf } from "~/domain/matching";
import { CLIENT_AREA } from "~/domain/client-area";
import { sessionLabel } from "~/domain/sessions";
import { slugify } from "~/domain/slug";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { attendance, consentRecords, groupBookings, groupSessions, groupWaitlist, groups, questionnaireResponses, therapists } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { errors, HttpError } from "../http/errors.server";
import { type HandlerResult } from "../http/idempotency.server";
import { registerJob } from "../jobs.server";
import { emailBody, enqueueEmails, personRows, staffEmail } from "../mail/outbox.server";
import { BookingRequestReceived, CallForTherapist, CallRequestReceived, MemberMovedEmail, SeatAvailable } from "../mail/booking-templates";
import { VersionConflict, versionOf } from "../record-versions.server";
import { bookCallSlot, callMeans } from "./intake-calls.server";
import { THERAPIST_AREA } from "~/domain/sessions";
import { tokenForAddress } from "./identity.server";
import { adultDeclaration } from "./minors.server";
import { firstMeetingLabel, latestResponse, loadGroups, normalizeEmail, profileOf, scheduleOf, type GroupWithTherapist } from "./groups.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

const ACTIVE = ["requested", "confirmed"] as const;

/** The spec's query (email, name) plus the access token that proves the address (DESIGN §13). */
function personQuery(email: string, name: string | null | undefined, token: string) {
  const query = new URLSearchParams({ email });
  if (name) query.set("name", name);
  query.set("token", token);
  return query;
}

export function groupsPageUrl(email: string, name: string | null | undefined, token: string) {
  return `${publicBaseUrl()}/gruppi-matching?${personQuery(email, name, token)}`;
}

/** The standalone call page of the spec, /call-{name}?name&email (and the token). */
export function callPageUrl(email: string, name: string | null | undefined, token: string) {
  return `${publicBaseUrl()}/call-${slugify(name ?? "") || "prenota"}?${personQuery(email, name, token)}`;
}

/** The capacity trigger (drizzle/0004) raises check_violation on this constraint name. */
export function isGroupFullError(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === "23514" && constraint === "group_bookings_capacity") return true;
  }
  return false;
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), "it", { sensitivity: "base" }) === 0;

/** The group a selection is about: the one named by id, or the best match among the therapist's groups. */
async function chosenGroup(tx: Tx, input: GroupSelectionInput, response: Awaited<ReturnType<typeof latestResponse>>) {
  if (input.groupId) {
    const [group] = await loadGroups(tx, { ids: [input.groupId], onlyOpen: false });
    if (!group) throw new HttpError(404, "Gruppo non trovato.");
    if (!sameName(group.therapist.name, input.selectedTherapist)) {
      throw new HttpError(400, errors.invalid, { selectedTherapist: "Il terapeuta non corrisponde al gruppo scelto." });
    }
    if (group.status !== "open" || freeSpotsOf(group) === 0) throw new HttpError(409, messages.groupFull);
    return group;
  }
  const candidates = (await loadGroups(tx, { onlyOpen: false })).filter((group) => group.status !== "closed" && sameName(group.therapist.name, input.selectedTherapist));
  if (candidates.length === 0) throw new HttpError(404, "Nessun gruppo disponibile con questo terapeuta.");
  const [best] = matchGroups(profileOf(response), candidates);
  if (!best) throw new HttpError(409, messages.groupFull);
  return best.group;
}

function groupRows(group: GroupWithTherapist | undefined): [string, string][] {
  return group
    ? [
        ["Gruppo", group.name],
        ["Terapeuta", group.therapist.name],
        ["Orario", `${scheduleOf(group)} (${group.time_slot})`],
      ]
    : [];
}

/**
 * A group selection: stores a booking request (status requested) linked to the newest
 * questionnaire response and the group, records the chosen therapist on the response, and
 * queues the confirmation to the person and the notice to staff. Choosing the same group again
 * returns the request already stored.
 */
export async function selectGroup(tx: Tx, input: GroupSelectionInput): Promise<HandlerResult> {
  const email = normalizeEmail(input.email);
  // Parallel selections by one person wait for each other, so the check below sees the first one's booking.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`group-selection:${email}`}))`);
  const response = await latestResponse(tx, email);
  const group = await chosenGroup(tx, input, response);
  const name = response?.name ?? input.name ?? null;

  const [existing] = await tx
    .select({ id: groupBookings.id, status: groupBookings.status })
    .from(groupBookings)
    .where(and(eq(groupBookings.email, email), eq(groupBookings.groupId, group.id), inArray(groupBookings.status, ACTIVE)))
    .limit(1);
  const body = { groupId: group.id, groupName: group.name, therapist: group.therapist.name };
  if (existing) return { status: 200, body: { ...body, bookingId: existing.id, created: false } };

  const [booking] = await tx
    .insert(groupBookings)
    .values({ responseId: response?.id ?? null, groupId: group.id, therapistId: group.therapist.id, email, name, ageBracket: response?.age ?? null })
    .returning({ id: groupBookings.id });
  if (response) {
    await tx.update(questionnaireResponses).set({ selectedGroupTherapist: group.therapist.name }).where(eq(questionnaireResponses.id, response.id));
  }
  await enqueueEmails(tx, [
    {
      to: email,
      subject: `Hai scelto il gruppo ${group.name}`,
      template: "booking-requested",
      body: emailBody(BookingRequestReceived, {
        name,
        groupName: group.name,
        therapistName: group.therapist.name,
        schedule: scheduleOf(group),
        startsOn: firstMeetingLabel(group),
        callUrl: callPageUrl(email, name, await tokenForAddress(tx, email)),
        areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
      }),
    },
    staffEmail({
      subject: `Nuova richiesta di gruppo: ${group.name}`,
      template: "booking-staff",
      title: "Una persona ha scelto un gruppo",
      person: { name, email },
      rows: groupRows(group),
    }),
  ]);
  return { status: 201, body: { ...body, bookingId: booking!.id, created: true } };
}

/** The booking a call request belongs to: the chosen group's, the therapist's, the newest one, or none. */
async function bookingForCall(tx: Pick<Database, "select">, email: string, input: Pick<GroupSelectionInput, "groupId" | "selectedTherapist">) {
  const base = and(eq(groupBookings.email, email), inArray(groupBookings.status, ACTIVE));
  const columns = { id: groupBookings.id, groupId: groupBookings.groupId, name: groupBookings.name };
  if (input.groupId) {
    const [row] = await tx
      .select(columns)
      .from(groupBookings)
      .where(and(base, eq(groupBookings.groupId, input.groupId)))
      .orderBy(desc(groupBookings.createdAt))
      .limit(1);
    if (row) return row;
  }
  if (!sameName(input.selectedTherapist, DIRECT_CALL_LABEL)) {
    const [row] = await tx
      .select(columns)
      .from(groupBookings)
      .innerJoin(therapists, eq(therapists.id, groupBookings.therapistId))
      .where(and(base, sql`lower(${therapists.name}) = lower(${input.selectedTherapist.trim()})`))
      .orderBy(desc(groupBookings.createdAt))
      .limit(1);
    if (row) return row;
  }
  const [row] = await tx.select(columns).from(groupBookings).where(base).orderBy(desc(groupBookings.createdAt)).limit(1);
  return row;
}

/**
 * The group whose therapist's times a call request is booked from: the one asked for, or that of
 * the person's booking the request belongs to (bookingForCall). The call page reads it too, so it
 * offers exactly the times the booking accepts.
 */
export async function callGroupFor(tx: Pick<Database, "select">, email: string, input: Pick<GroupSelectionInput, "groupId" | "selectedTherapist">) {
  return input.groupId ?? (await bookingForCall(tx, normalizeEmail(email), input))?.groupId ?? null;
}

/**
 * A call request: the phone is stored on the person's booking (call_requested, phone), or on a
 * new booking without a group for a direct request; with a slot, the slot is booked too (409 when
 * someone was faster). Staff get the number; the person a confirmation, with the .ics invite.
 */
export async function requestCall(tx: Tx, input: GroupSelectionInput & { call: { phone: string }; slotGroupId?: string | null }, now = new Date()): Promise<HandlerResult> {
  const email = normalizeEmail(input.email);
  const response = await latestResponse(tx, email);
  const found = await bookingForCall(tx, email, input);
  const name = found?.name ?? response?.name ?? input.name ?? null;
  let bookingId: string;
  if (found) {
    await tx
      .update(groupBookings)
      .set({ callRequested: true, phone: input.call.phone, name, updatedAt: sql`now()` })
      .where(eq(groupBookings.id, found.id));
    bookingId = found.id;
  } else {
    const [row] = await tx
      .insert(groupBookings)
      .values({ responseId: response?.id ?? null, email, name, ageBracket: response?.age ?? null, callRequested: true, phone: input.call.phone })
      .returning({ id: groupBookings.id });
    bookingId = row!.id;
  }
  await tx.insert(consentRecords).values(adultDeclaration(email, "call"));
  const [group] = found?.groupId ? await loadGroups(tx, { ids: [found.groupId], onlyOpen: false }) : [];
  const slot = input.callSlot
    ? await bookCallSlot(
        tx,
        // Picked without proof of the address: from the calendars the page offered (decision 088).
        {
          start: input.callSlot,
          email,
          name,
          phone: input.call.phone,
          bookingId,
          groupId: input.slotGroupId !== undefined ? input.slotGroupId : (input.groupId ?? found?.groupId ?? null),
        },
        now,
      )
    : undefined;

  await enqueueEmails(tx, [
    {
      to: email,
      subject: slot ? `Chiamata conoscitiva: ${slot.label}` : "Abbiamo ricevuto la tua richiesta di chiamata",
      template: "call-requested",
      body: emailBody(CallRequestReceived, { name, slotLabel: slot?.label ?? null, therapistName: slot?.therapist.name ?? null, means: slot ? callMeans(slot.therapist) : null }),
      attachments: slot ? [slot.attachment] : [],
    },
    ...(slot?.therapist.email
      ? [
          {
            to: slot.therapist.email,
            subject: `Nuova chiamata conoscitiva: ${slot.label}`,
            template: "call-therapist",
            body: emailBody(CallForTherapist, {
              therapistName: slot.therapist.name,
              change: "booked" as const,
              slotLabel: slot.label,
              areaUrl: `${publicBaseUrl()}${THERAPIST_AREA}/chiamate`,
            }),
            attachments: [slot.attachment],
          },
        ]
      : []),
    staffEmail({
      subject: `Richiesta di chiamata: ${name ?? email}`,
      template: "call-staff",
      title: "Una persona chiede la chiamata conoscitiva gratuita",
      rows: [
        ["Richiesta da", name ? `${name} (${email})` : email],
        ...personRows({ name, email }),
        ...groupRows(group),
        ["Telefono", input.call.phone],
        ...(sameName(input.selectedTherapist, DIRECT_CALL_LABEL) ? [] : [["Terapeuta scelto", input.selectedTherapist] as [string, string]]),
        ["Orario della chiamata", slot ? `${slot.label} (ora italiana)` : "Da concordare: richiamare entro 24 ore"],
        ...(slot ? [["Con", slot.therapist.name] as [string, string]] : []),
      ],
    }),
  ]);
  return {
    status: slot ? 201 : 200,
    body: { bookingId, callRequested: true, slot: slot ? { id: slot.id, start: slot.startsAt.toISOString(), label: slot.label } : null },
  };
}

/**
 * Runs a change that takes a seat in `group` (a confirmation, a move): the capacity trigger
 * (drizzle/0004) refuses the one too many, serialised on the group's row, and the caller hears a
 * 409 naming the group. The transaction is aborted by then, so nothing of the change stays.
 */
export async function withCapacityCheck<T>(group: { name: string; capacity: number }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isGroupFullError(error)) throw new HttpError(409, `Il gruppo "${group.name}" è al completo (${group.capacity} posti).`);
    throw error;
  }
}

/**
 * Locks a booking for a change; 404 when it does not exist, 409 (VersionConflict) when `version` is
 * given and the booking changed since the admin's page was loaded.
 */
export async function lockBooking(tx: Pick<Database, "select">, id: string, version?: string) {
  const [booking] = await tx
    .select({ ...getTableColumns(groupBookings), version: versionOf(groupBookings.updatedAt) })
    .from(groupBookings)
    .where(eq(groupBookings.id, id))
    .for("update");
  if (!booking) throw new HttpError(404, "Prenotazione non trovata.");
  if (version !== undefined && booking.version !== version) throw new VersionConflict();
  return booking;
}

/**
 * Moves a member (their booking, requested or confirmed) to another group that is not closed. The
 * booking row itself changes group, so everything hung on it follows the member: payments, refunds,
 * the ISEE approval, and the charges (the trial stays used). Attendance of meetings that have started
 * stays where it was (and is charged as before); records for the old group's meetings still ahead go,
 * since the member will not be there. A confirmed member takes a seat: the capacity trigger refuses a
 * full group (409, nothing changed); the seat freed in the old group wakes its waitlist (trigger).
 * The member gets one e-mail; the move is in the audit log. `version`: the admin screen's
 * optimistic check (VersionConflict when the booking changed since it was loaded).
 */
export async function moveMember(db: Database, actor: SessionInfo, bookingId: string, toGroupId: string, options: { version?: string; now?: Date } = {}) {
  return db.transaction((tx) => moveMemberIn(tx, actor, bookingId, toGroupId, options));
}

/** moveMember inside the caller's transaction (an approved move request records its decision in the same one). */
export async function moveMemberIn(
  tx: Pick<Database, "select" | "insert" | "update" | "delete" | "execute">,
  actor: SessionInfo,
  bookingId: string,
  toGroupId: string,
  options: { version?: string; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const booking = await lockBooking(tx, bookingId, options.version);
  if (booking.status !== "requested" && booking.status !== "confirmed") {
    throw new HttpError(409, `Questa prenotazione non può essere spostata (stato: ${bookingStatusLabels[booking.status]}).`);
  }
  if (booking.groupId === toGroupId) throw new HttpError(409, "La persona è già in questo gruppo.");
  const [target] = await tx
    .select({ ...getTableColumns(groups), therapistName: therapists.name })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(eq(groups.id, toGroupId));
  if (!target) throw new HttpError(404, "Gruppo non trovato.");
  if (target.status === "closed") throw new HttpError(409, `Il gruppo "${target.name}" è chiuso.`);
  const [from] = booking.groupId ? await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, booking.groupId)) : [];

  await withCapacityCheck(target, () =>
    tx.update(groupBookings).set({ groupId: target.id, therapistId: target.therapistId, updatedAt: now }).where(eq(groupBookings.id, bookingId)),
  );
  const dropped = booking.groupId
    ? await tx
        .delete(attendance)
        .where(
          and(
            eq(attendance.bookingId, bookingId),
            inArray(
              attendance.sessionId,
              tx
                .select({ id: groupSessions.id })
                .from(groupSessions)
                .where(and(eq(groupSessions.groupId, booking.groupId), gt(groupSessions.startsAt, now))),
            ),
          ),
        )
        .returning({ id: attendance.id })
    : [];
  const [next] = await tx
    .select({ startsAt: groupSessions.startsAt, endsAt: groupSessions.endsAt })
    .from(groupSessions)
    .where(and(eq(groupSessions.groupId, target.id), eq(groupSessions.status, "scheduled"), gt(groupSessions.startsAt, now)))
    .orderBy(asc(groupSessions.startsAt))
    .limit(1);
  const confirmed = booking.status === "confirmed";
  await enqueueEmails(tx, [
    {
      to: booking.email,
      subject: `Ti abbiamo spostato nel gruppo "${target.name}"`,
      template: "booking-moved",
      body: emailBody(MemberMovedEmail, {
        name: booking.name,
        fromGroup: from?.name ?? null,
        groupName: target.name,
        therapistName: target.therapistName,
        schedule: scheduleOf({ weekday: target.weekday, start_time: target.startTime }),
        firstMeeting: next ? sessionLabel(next.startsAt, next.endsAt) : null,
        confirmed,
      }),
    },
  ]);
  await audit(tx, actor, {
    action: "move",
    entity: "booking",
    entityId: bookingId,
    detail: { fromGroupId: booking.groupId, toGroupId: target.id, status: booking.status, droppedAttendance: dropped.length },
  });
  return { bookingId, groupId: target.id, groupName: target.name, confirmed };
}

/* Waitlist */

/** "Avvisami quando si libera un posto": for one group, or for any group when groupId is absent. */
export async function joinWaitlist(tx: Tx, input: { email: string; groupId?: string }): Promise<HandlerResult> {
  if (input.groupId) {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.groupId));
    if (!group) throw new HttpError(404, "Gruppo non trovato.");
  }
  const [row] = await tx
    .insert(groupWaitlist)
    .values({ email: normalizeEmail(input.email), groupId: input.groupId ?? null })
    .onConflictDoNothing()
    .returning({ id: groupWaitlist.id });
  return { status: row ? 201 : 200, body: { waiting: true, message: messages.waitlistJoinedDescription } };
}

const SEAT_FREED_JOB = "waitlist.seat-freed";

/**
 * A seat was freed in a group (queued by the database trigger): the first person waiting for
 * that group, or for any group, gets one e-mail. A repeated run of the same job notifies nobody
 * else; a seat taken again in the meantime notifies nobody.
 */
async function notifyWaitlist(tx: Tx, groupId: string, jobId: string) {
  const [already] = await tx.select({ id: groupWaitlist.id }).from(groupWaitlist).where(eq(groupWaitlist.notifiedJobId, jobId));
  if (already) return undefined;
  const [group] = await loadGroups(tx, { ids: [groupId] });
  if (!group || freeSpotsOf(group) === 0) return undefined;
  const waiting = await tx.execute<{ id: string; email: string }>(sql`
    select id, email from group_waitlist
    where notified_at is null and (group_id = ${groupId} or group_id is null)
    order by created_at, id
    limit 1
    for update skip locked`);
  const entry = waiting.rows[0];
  if (!entry) return undefined;
  await tx
    .update(groupWaitlist)
    .set({ notifiedAt: sql`now()`, notifiedGroupId: groupId, notifiedJobId: jobId })
    .where(eq(groupWaitlist.id, entry.id));
  const name = (await latestResponse(tx, entry.email))?.name ?? null;
  await enqueueEmails(tx, [
    {
      to: entry.email,
      subject: `Si è liberato un posto nel gruppo ${group.name}`,
      template: "waitlist-seat",
      body: emailBody(SeatAvailable, { name, groupName: group.name, groupsUrl: groupsPageUrl(entry.email, name, await tokenForAddress(tx, entry.email)) }),
    },
  ]);
  return entry;
}

registerJob(SEAT_FREED_JOB, async (db, payload, job) => {
  const groupId = typeof payload.groupId === "string" ? payload.groupId : undefined;
  if (!groupId) return;
  await db.transaction((tx) => notifyWaitlist(tx, groupId, job.id));
});
