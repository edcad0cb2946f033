import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { autoSignAt, careNoteLocked } from "~/domain/care-notes";
import { memberName } from "~/domain/sessions";
import { audit } from "../audit.server";
import { seal, unseal } from "../crypto.server";
import type { Database } from "../db/client.server";
import { careNoteAddenda, careNotes, groupBookings, groups, groupSessions, therapists } from "../db/schema";
import { env } from "../env.server";
import type { TherapistIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { sessionRoster } from "./sessions.server";

/**
 * The clinical record (docs/features/clinical-record.md): the group note and the members' progress
 * notes of one meeting. Only the note's author reads it (the therapist who led the meeting, also
 * after the group has passed to someone else); every read is in the audit log by the notes' ids,
 * never their text. Staff screens, CSVs, logs and e-mails never read this module.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

const notYours = () => new HttpError(404, "Non trovato tra i tuoi gruppi.");
const text = (body: unknown) => unseal<{ text: string }>(body as never).text;

/** The meeting, if the therapist leads its group now or wrote a note on it (their own period). */
async function meetingFor(db: Executor, identity: TherapistIdentity, sessionId: string) {
  const [meeting] = await db
    .select({
      id: groupSessions.id,
      groupId: groupSessions.groupId,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      status: groupSessions.status,
      leads: sql<boolean>`${groups.therapistId} = ${identity.therapist.id}`,
      wrote: sql<boolean>`exists (select 1 from care_notes n where n.session_id = ${groupSessions.id} and n.therapist_id = ${identity.therapist.id})`,
    })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .where(eq(groupSessions.id, sessionId));
  if (!meeting || !(meeting.leads || meeting.wrote)) throw notYours();
  return meeting;
}

/** The addenda of these notes, oldest first. */
function addendaOf(db: Executor, noteIds: string[]) {
  return noteIds.length ? db.select().from(careNoteAddenda).where(inArray(careNoteAddenda.noteId, noteIds)).orderBy(asc(careNoteAddenda.createdAt)) : Promise.resolve([]);
}

/** Whether notes can be written on the meeting now: the therapist leads its group, and it took place. */
function writable(meeting: { leads: boolean; startsAt: Date; status: string }, now: Date) {
  return meeting.leads && meeting.status === "scheduled" && meeting.startsAt <= now;
}

/**
 * The meeting's notes the therapist wrote, decrypted, with their addenda: the group note and one per
 * person of the meeting's roster. The read is audited (the notes' ids).
 */
export async function meetingCareNotes(db: Database, identity: TherapistIdentity, sessionId: string, now: Date = new Date()) {
  const meeting = await meetingFor(db, identity, sessionId);
  const rows = await db
    .select()
    .from(careNotes)
    .where(and(eq(careNotes.sessionId, sessionId), eq(careNotes.therapistId, identity.therapist.id)))
    .orderBy(asc(careNotes.createdAt));
  const addenda = await addendaOf(
    db,
    rows.map((row) => row.id),
  );
  const note = (row: (typeof rows)[number]) => ({
    id: row.id,
    text: text(row.body),
    updatedAt: row.updatedAt,
    signedAt: row.signedAt ?? (careNoteLocked(row, meeting.endsAt, now) ? autoSignAt(meeting.endsAt) : null),
    signedBy: row.signedAt ? ("author" as const) : careNoteLocked(row, meeting.endsAt, now) ? ("auto" as const) : null,
    locked: careNoteLocked(row, meeting.endsAt, now),
    addenda: addenda.filter((addendum) => addendum.noteId === row.id).map((addendum) => ({ id: addendum.id, text: text(addendum.body), createdAt: addendum.createdAt })),
  });
  const roster = meeting.leads ? await sessionRoster(db, meeting.id, meeting.groupId) : [];
  const byBooking = new Map(rows.filter((row) => row.bookingId).map((row) => [row.bookingId!, row]));
  const members = roster.map((person) => ({
    bookingId: person.bookingId,
    name: memberName(person.name),
    note: byBooking.has(person.bookingId) ? note(byBooking.get(person.bookingId)!) : null,
  }));
  // A past therapist's notes on people no longer on the roster stay theirs to read.
  for (const row of rows)
    if (row.bookingId && !roster.some((person) => person.bookingId === row.bookingId)) members.push({ bookingId: row.bookingId, name: "Persona del gruppo", note: note(row) });
  const groupRow = rows.find((row) => row.bookingId === null);
  if (rows.length) await audit(db, identity.session, { action: "read", entity: "care_notes", entityId: sessionId, detail: { notes: rows.map((row) => row.id) } });
  return {
    writable: writable(meeting, now),
    autoSignAt: autoSignAt(meeting.endsAt),
    groupNote: groupRow ? note(groupRow) : null,
    members,
  };
}

/** Writes (or rewrites, while open) the group note (`bookingId` null) or a member's progress note of the meeting. */
export async function saveCareNote(db: Database, identity: TherapistIdentity, sessionId: string, bookingId: string | null, body: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const meeting = await meetingFor(tx, identity, sessionId);
    if (!meeting.leads) throw notYours();
    if (!writable(meeting, now)) throw new HttpError(409, "Le note si scrivono dopo l'inizio di un incontro che si è tenuto.");
    if (bookingId) {
      const roster = await sessionRoster(tx, meeting.id, meeting.groupId);
      if (!roster.some((person) => person.bookingId === bookingId)) throw new HttpError(404, "Questa persona non è nel gruppo di questo incontro.");
    }
    const [existing] = await tx
      .select()
      .from(careNotes)
      .where(and(eq(careNotes.sessionId, sessionId), bookingId ? eq(careNotes.bookingId, bookingId) : isNull(careNotes.bookingId)))
      .for("update");
    if (existing && existing.therapistId !== identity.therapist.id) throw new HttpError(409, "Per questo incontro c'è già la nota di un'altra persona.");
    if (existing && careNoteLocked(existing, meeting.endsAt, now)) throw new HttpError(409, "La nota è firmata: puoi aggiungere un'integrazione datata.");
    const sealed = seal({ text: body });
    const [saved] = existing
      ? await tx.update(careNotes).set({ body: sealed, updatedAt: now }).where(eq(careNotes.id, existing.id)).returning({ id: careNotes.id })
      : await tx.insert(careNotes).values({ sessionId, bookingId, therapistId: identity.therapist.id, body: sealed }).returning({ id: careNotes.id });
    await audit(tx, identity.session, { action: existing ? "update" : "create", entity: "care_note", entityId: saved!.id, detail: { sessionId } });
    return saved!.id;
  });
}

/** The author's own note, for signing or an addendum. */
async function ownNote(tx: Tx, identity: TherapistIdentity, noteId: string) {
  const [row] = await tx
    .select({ id: careNotes.id, signedAt: careNotes.signedAt, endsAt: groupSessions.endsAt, sessionId: careNotes.sessionId })
    .from(careNotes)
    .innerJoin(groupSessions, eq(groupSessions.id, careNotes.sessionId))
    .where(and(eq(careNotes.id, noteId), eq(careNotes.therapistId, identity.therapist.id)))
    .for("update", { of: careNotes });
  if (!row) throw new HttpError(404, "Nota non trovata.");
  return row;
}

/** «Firma»: the author signs the note; from then on it changes only by addenda. */
export async function signCareNote(db: Database, identity: TherapistIdentity, noteId: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const note = await ownNote(tx, identity, noteId);
    if (careNoteLocked(note, note.endsAt, now)) throw new HttpError(409, "La nota è già firmata.");
    await tx.update(careNotes).set({ signedAt: now }).where(eq(careNotes.id, noteId));
    await audit(tx, identity.session, { action: "sign", entity: "care_note", entityId: noteId });
  });
}

/** A dated addendum to a signed note (an open note is simply rewritten). */
export async function addCareNoteAddendum(db: Database, identity: TherapistIdentity, noteId: string, body: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const note = await ownNote(tx, identity, noteId);
    if (!careNoteLocked(note, note.endsAt, now)) throw new HttpError(409, "La nota non è ancora firmata: puoi ancora modificarla.");
    const [row] = await tx
      .insert(careNoteAddenda)
      .values({ noteId, therapistId: identity.therapist.id, body: seal({ text: body }) })
      .returning({ id: careNoteAddenda.id });
    await audit(tx, identity.session, { action: "create", entity: "care_note_addendum", entityId: row!.id, detail: { noteId } });
    return row!.id;
  });
}

/** A person's own progress notes (their bookings), decrypted with their addenda, for their art. 15 export. Group notes are left out. */
export async function progressNotesOf(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .select({
      id: careNotes.id,
      body: careNotes.body,
      signedAt: careNotes.signedAt,
      meetingStartsAt: groupSessions.startsAt,
      meetingEndsAt: groupSessions.endsAt,
      therapist: therapists.name,
    })
    .from(careNotes)
    .innerJoin(groupSessions, eq(groupSessions.id, careNotes.sessionId))
    .innerJoin(therapists, eq(therapists.id, careNotes.therapistId))
    .where(inArray(careNotes.bookingId, bookingIds))
    .orderBy(asc(groupSessions.startsAt));
  const addenda = await addendaOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    meeting: row.meetingStartsAt,
    therapist: row.therapist,
    text: text(row.body),
    signedAt: row.signedAt ?? (careNoteLocked(row, row.meetingEndsAt) ? autoSignAt(row.meetingEndsAt) : null),
    addenda: addenda.filter((addendum) => addendum.noteId === row.id).map((addendum) => ({ createdAt: addendum.createdAt, text: text(addendum.body) })),
  }));
}

/** Years the notes are kept after the person's last noted meeting (CARE_NOTES_RETENTION_YEARS, 5 by default: Codice deontologico degli psicologi, art. 17). */
export const careNotesRetentionYears = () => env().CARE_NOTES_RETENTION_YEARS;

/**
 * Until when the clinical record of these bookings must be kept: the last meeting with a note on
 * them plus the retention years; null when there is no note or the period is over.
 */
export async function careNotesKeptUntil(db: Executor, bookingIds: string[], now: Date = new Date()): Promise<Date | null> {
  if (bookingIds.length === 0) return null;
  const [row] = await db
    .select({ last: sql<string | null>`max(${groupSessions.endsAt})` })
    .from(careNotes)
    .innerJoin(groupSessions, eq(groupSessions.id, careNotes.sessionId))
    .where(inArray(careNotes.bookingId, bookingIds));
  return row?.last ? keptUntil(row.last, now) : null;
}

/** The last noted meeting plus the retention years, or null once that is past. */
function keptUntil(lastMeeting: string | Date, now: Date) {
  const until = new Date(lastMeeting);
  until.setUTCFullYear(until.getUTCFullYear() + careNotesRetentionYears());
  return until > now ? until : null;
}

/**
 * careNotesKeptUntil for every booking of each address (lower-cased), in one query: the addresses
 * whose data cannot be erased yet, with the date until which the clinical record is kept. Only the
 * date is read, never a note.
 */
export async function careNotesHolds(db: Executor, emails: string[], now: Date = new Date()): Promise<Map<string, Date>> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const holds = new Map<string, Date>();
  if (wanted.length === 0) return holds;
  const rows = await db
    .select({ email: sql<string>`lower(${groupBookings.email})`, last: sql<string>`max(${groupSessions.endsAt})` })
    .from(careNotes)
    .innerJoin(groupBookings, eq(groupBookings.id, careNotes.bookingId))
    .innerJoin(groupSessions, eq(groupSessions.id, careNotes.sessionId))
    .where(inArray(sql`lower(${groupBookings.email})`, wanted))
    .groupBy(sql`lower(${groupBookings.email})`);
  for (const row of rows) {
    const until = keptUntil(row.last, now);
    if (until) holds.set(row.email, until);
  }
  return holds;
}

/** Re-encrypts the notes and addenda not sealed with the current key (`npm run keys:rotate`); the lock trigger lets only the body change. */
export async function reencryptCareNotes(tx: Tx, current: string, batchSize: number) {
  await tx.execute(sql`select set_config('insieme.reencrypt', 'on', true)`);
  let changed = 0;
  for (const table of ["care_notes", "care_note_addenda"]) {
    const rows = await tx.execute<{ id: string; body: unknown }>(
      sql`select id, body from ${sql.identifier(table)} where coalesce(body->>'kid', '') <> ${current} order by id limit ${batchSize} for update skip locked`,
    );
    for (const row of rows.rows) await tx.execute(sql`update ${sql.identifier(table)} set body = ${JSON.stringify(seal(unseal(row.body as never)))}::jsonb where id = ${row.id}`);
    changed += rows.rows.length;
  }
  return changed;
}
