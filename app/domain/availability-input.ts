import { availabilityExceptionKinds, minuteOfTime, timeOfMinute, type WeeklyWindow } from "./intake-calls";
import { weekdayName } from "./calendar";
import { z } from "./zod";

/** The forms of a therapist's availability for intake calls (their area and staff's screen share them). */

const time = z
  .string({ error: "Scrivi un orario, per esempio 18:30." })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Scrivi un orario, per esempio 18:30.");
const id = z.uuid({ error: "Questa voce non esiste più: ricarica la pagina." });
const endAfterStart = { path: ["end"], message: "L'ora di fine deve essere dopo l'ora di inizio." };

export const addWindowSchema = z
  .object({
    intent: z.literal("add-window"),
    weekday: z.coerce.number({ error: "Scegli il giorno." }).int().min(1, "Scegli il giorno.").max(7, "Scegli il giorno."),
    start: time,
    end: time,
  })
  .refine((value) => value.end > value.start, endAfterStart);

export const addExceptionSchema = z
  .object({
    intent: z.literal("add-exception"),
    onDate: z.string({ error: "Scegli la data." }).regex(/^\d{4}-\d{2}-\d{2}$/, "Scegli la data."),
    kind: z.enum(availabilityExceptionKinds, { error: "Scegli se è un giorno libero o ore in più." }),
    start: time.optional(),
    end: time.optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === "off") return;
    if (!value.start) context.addIssue({ code: "custom", path: ["start"], message: "Per le ore in più scrivi l'ora di inizio." });
    if (!value.end) context.addIssue({ code: "custom", path: ["end"], message: "Per le ore in più scrivi l'ora di fine." });
    if (value.start && value.end && value.end <= value.start) context.addIssue({ code: "custom", ...endAfterStart });
  });

export const removeAvailabilitySchema = z.object({ intent: z.enum(["remove-window", "remove-exception"]), id });

export const callRoomSchema = z.object({
  intent: z.literal("room"),
  callRoomUrl: z
    .string()
    .trim()
    .max(300)
    .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), "Scrivi un indirizzo completo che inizia con https://")
    .optional(),
});

/** Every intent of the availability screens, one union read by the action. */
export const availabilityActionSchema = z.discriminatedUnion("intent", [addWindowSchema, addExceptionSchema, removeAvailabilitySchema, callRoomSchema]);
export type AvailabilityAction = z.output<typeof availabilityActionSchema>;

/** "lunedì 18:00-21:00". */
export const windowLabel = (window: WeeklyWindow) => `${weekdayName(window.weekday)} ${timeOfMinute(window.startMinute)}-${timeOfMinute(window.endMinute)}`;

/** The window among `windows` that [start, end) on `weekday` would overlap, if any. */
export function overlappingWindow(windows: readonly WeeklyWindow[], weekday: number, start: string, end: string) {
  const [from, to] = [minuteOfTime(start), minuteOfTime(end)];
  return windows.find((window) => window.weekday === weekday && window.startMinute < to && from < window.endMinute);
}
