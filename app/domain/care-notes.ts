import { z } from "./zod";

/** A note is signed by its author, or by itself this long after its meeting ended (decision: signing and lock). */
export const CARE_NOTE_AUTO_SIGN_HOURS = 72;
export const CARE_NOTE_MAX_LENGTH = 20_000;

/** When a note locks by itself: 72 hours after its meeting ended. */
export function autoSignAt(meetingEndsAt: Date | string): Date {
  return new Date(new Date(meetingEndsAt).getTime() + CARE_NOTE_AUTO_SIGN_HOURS * 3_600_000);
}

/** Whether a note can still be rewritten: not signed by its author and less than 72 hours since its meeting. */
export function careNoteLocked(note: { signedAt: Date | string | null }, meetingEndsAt: Date | string, now: Date = new Date()): boolean {
  return note.signedAt !== null || autoSignAt(meetingEndsAt) <= now;
}

const text = z
  .string({ error: "Scrivi la nota." })
  .trim()
  .min(1, { error: "Scrivi la nota." })
  .max(CARE_NOTE_MAX_LENGTH, { error: `La nota può avere al massimo ${CARE_NOTE_MAX_LENGTH} caratteri.` });
/** The member of a progress note; none (an empty field) for the group note. */
const bookingId = z.guid().optional();

/** The clinical record's forms on a meeting's page: write (group note with no booking, or a member's), sign, add an addendum. */
export const careNoteSaveSchema = z.object({ intent: z.literal("note-save"), bookingId, text });
export const careNoteSignSchema = z.object({ intent: z.literal("note-sign"), noteId: z.guid() });
export const careNoteAddendumSchema = z.object({ intent: z.literal("note-addendum"), noteId: z.guid(), text });
export const careNoteActionSchema = z.discriminatedUnion("intent", [careNoteSaveSchema, careNoteSignSchema, careNoteAddendumSchema]);
