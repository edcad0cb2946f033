import { group as groupConstants } from "~/content/site";
import { requiredText } from "./form-fields";
import { PROBLEM_SLUGS } from "./problems";
import { groupStatuses, timeSlots } from "./statuses";
import { videoUrlSchema } from "./sessions";
import { z } from "./zod";

const whole = (message: string) => z.coerce.number({ error: message }).int(message);

/** The group form. Capacity 1-8 (SPEC 9: at most 8 people). */
export const groupInputSchema = z
  .object({
    name: requiredText("Inserisci il nome del gruppo.", 120),
    topic: requiredText("Descrivi il tema del gruppo.", 1000),
    therapist_id: z.uuid("Scegli il terapeuta."),
    situations: z.array(z.enum(PROBLEM_SLUGS, { error: "Situazione non valida." })).transform((list) => [...new Set(list)]),
    weekday: whole("Scegli il giorno.").min(1, "Scegli il giorno.").max(7, "Scegli il giorno."),
    time_slot: z.enum(timeSlots, { error: "Scegli la fascia oraria." }),
    start_time: z.string({ error: "Orario non valido (HH:MM)." }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Orario non valido (HH:MM)."),
    age_min: whole("Età minima non valida.").min(18, "L'età minima è 18 anni.").max(99, "Età minima non valida."),
    age_max: whole("Età massima non valida.").min(18, "Età massima non valida.").max(99, "L'età massima è 99 anni."),
    capacity: whole("La capienza deve essere un numero intero.")
      .min(1, "La capienza minima è 1.")
      .max(groupConstants.totalSpots, `La capienza massima è ${groupConstants.totalSpots}.`),
    status: z.enum(groupStatuses, { error: "Stato non valido." }),
    starts_on: z.iso.date("Data di inizio non valida."),
    video_url: videoUrlSchema.optional().transform((value) => value ?? null),
  })
  .refine((input) => input.age_min <= input.age_max, { path: ["age_max"], message: "L'età massima deve essere almeno quella minima." });

export type GroupInput = z.infer<typeof groupInputSchema>;
