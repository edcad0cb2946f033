import { z } from "./zod";
import { labelled } from "./labelled";

/**
 * Safety alerts (issue 30 point 5, issue 33): a risk someone must look at, raised by an intake call
 * judged high risk or by a PHQ-9 answer on self-harm (item 9). An alert carries no clinical content:
 * what it is about is read behind sign-in, where the source lives.
 */

/** What staff and the therapist read for each kind: the reason to look, never the content. */
export const [safetyAlertKinds, safetyAlertKindLabels] = labelled({
  intake_high_risk: "Chiamata conoscitiva con rischio alto",
  phq9_item9: "Questionario PHQ-9: risposta alla domanda 9",
});
export type SafetyAlertKind = (typeof safetyAlertKinds)[number];

/** Staff hear again of an alert nobody in staff acknowledged after this long (once). */
export const SAFETY_ESCALATION_HOURS = 24;

/** The acknowledgement's note: what was done. Required, so an alert is never closed with a click alone. */
export const ACK_NOTE_MAX = 2000;

/** «Presa visione»: the alert and a note saying what was done, required (staff and therapist alike). */
export const safetyAckSchema = z.object({
  intent: z.literal("acknowledge"),
  id: z.guid(),
  note: z
    .string({ error: "Scrivi che cosa è stato fatto." })
    .trim()
    .min(1, { error: "Scrivi che cosa è stato fatto." })
    .max(ACK_NOTE_MAX, { error: `La nota può avere al massimo ${ACK_NOTE_MAX} caratteri.` }),
});
