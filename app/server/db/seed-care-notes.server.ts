import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import { autoSignAt } from "~/domain/care-notes";
import { seal } from "../crypto.server";
import { logger } from "../logger.server";
import type { Database } from "./client.server";
import { attendance, careNoteAddenda, careNotes, groupBookings, groups, groupSessions } from "./schema";

const CARE_NOTES_SEED_LOCK = 727_031;

/** Fictitious group notes of the demo's running group, one per held meeting in order (plainly demo, no real person). */
const demoGroupNotes = [
  "Demo. Primo incontro: presentazioni e regole del gruppo (riservatezza, puntualità, come si avvisa un'assenza). Clima cauto ma curioso; tre persone hanno detto che cosa si aspettano.",
  "Demo. Tema emerso: la fatica di chiedere aiuto. Il gruppo ha ascoltato con attenzione; due interventi di sostegno reciproco spontanei.",
  "Demo. Incontro più vivace: confronto sul rientro al lavoro dopo le ferie. Proposto di tornare sul tema dei confini la prossima volta.",
  "Demo. Ripreso il tema dei confini. Un silenzio lungo a metà incontro, poi una condivisione importante accolta bene dal gruppo.",
];

/** Fictitious progress notes for the first two members: the next of theirs for a meeting they attended, the absence's for one they missed. */
const demoProgressNotes = [
  [
    "Demo. Si presenta con un tono misurato; dice di essere qui per «imparare a non tenermi tutto dentro». Da seguire la tendenza a minimizzare.",
    "Demo. Interviene due volte, la seconda parlando di sé in prima persona. Riferisce un sonno migliore in settimana.",
    "Demo. Porta un episodio di lavoro e riconosce da solə lo schema di evitamento emerso nelle settimane scorse.",
    "Demo. Chiede al gruppo un parere su una decisione; accoglie le risposte senza giustificarsi.",
  ],
  [
    "Demo. Molto attentə agli altri, poco a sé. Obiettivo condiviso: portare nel gruppo una situazione propria entro il mese.",
    "Demo. Racconta per la prima volta la difficoltà in famiglia; visibilmente sollevatə alla fine.",
    "Demo. Più silenziosə del solito; a fine incontro chiede di riprendere il tema la prossima volta.",
    "Demo. Riprende il tema come promesso; il gruppo restituisce vicinanza. Nessun segnale di rischio.",
  ],
] as const;

const absenceNotes: Record<string, string> = {
  absent_notified: "Demo. Assente con preavviso; nessuna nota clinica.",
  absent_unnotified: "Demo. Assente senza preavviso: da sentire prima del prossimo incontro.",
};

/**
 * The demo therapist's clinical record on the running group's past meetings, once: a group note on each
 * held meeting but the last (left for the therapist to write, as its attendance is left to mark) and a
 * progress note for two members. Notes older than 72 hours are signed (the first by its author, with a
 * dated addendum); the newest stays a draft when it is recent. Encrypted through the real service's
 * seal, so `npm start` shows them in /terapeuta-area exactly as written ones.
 */
export async function seedDemoCareNotes(db: Database, now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CARE_NOTES_SEED_LOCK})`);
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(careNotes);
    if (existing > 0) return;
    const [running] = await tx.select({ id: groups.id, therapistId: groups.therapistId }).from(groups).where(eq(groups.status, "full")).orderBy(asc(groups.createdAt)).limit(1);
    if (!running) return;
    const held = await tx
      .select({ id: groupSessions.id, endsAt: groupSessions.endsAt })
      .from(groupSessions)
      .where(and(eq(groupSessions.groupId, running.id), eq(groupSessions.status, "scheduled"), lt(groupSessions.endsAt, now)))
      .orderBy(asc(groupSessions.startsAt));
    const members = await tx
      .select({ id: groupBookings.id })
      .from(groupBookings)
      .where(and(eq(groupBookings.groupId, running.id), eq(groupBookings.status, "confirmed")))
      .orderBy(asc(groupBookings.email))
      .limit(demoProgressNotes.length);
    const meetings = held.slice(0, -1).slice(-demoGroupNotes.length);
    const marks = await tx.select({ sessionId: attendance.sessionId, bookingId: attendance.bookingId, status: attendance.status }).from(attendance);
    const markOf = (sessionId: string, bookingId: string) => marks.find((row) => row.sessionId === sessionId && row.bookingId === bookingId)?.status;
    const attended = members.map(() => 0);
    let written = 0;
    for (const [index, meeting] of meetings.entries()) {
      // A note past its 72 hours is signed: by its author the day after the meeting.
      const signedAt = autoSignAt(meeting.endsAt) <= now ? new Date(meeting.endsAt.getTime() + 86_400_000) : null;
      const rows = [
        { bookingId: null, text: demoGroupNotes[index]! },
        ...members.map((member, position) => ({
          bookingId: member.id,
          text: absenceNotes[markOf(meeting.id, member.id) ?? ""] ?? demoProgressNotes[position]![attended[position]!++]!,
        })),
      ];
      const inserted = await tx
        .insert(careNotes)
        .values(rows.map((row) => ({ sessionId: meeting.id, bookingId: row.bookingId, therapistId: running.therapistId, body: seal({ text: row.text }), signedAt })))
        .returning({ id: careNotes.id, bookingId: careNotes.bookingId });
      written += inserted.length;
      const groupNote = inserted.find((row) => row.bookingId === null);
      if (index === 0 && signedAt && groupNote)
        await tx.insert(careNoteAddenda).values({
          noteId: groupNote.id,
          therapistId: running.therapistId,
          body: seal({ text: "Demo. Integrazione: una persona ha chiesto di spostare l'orario; ne parliamo con lo staff." }),
          createdAt: new Date(signedAt.getTime() + 2 * 86_400_000),
        });
    }
    logger.info({ notes: written }, "demo clinical notes seeded");
  });
}
