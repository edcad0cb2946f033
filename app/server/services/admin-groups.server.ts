import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { problemSlugs } from "~/content/problems";
import { videoUrlSchema } from "~/domain/sessions";
import { group as groupConstants } from "~/content/site";
import type { Database } from "../db/client.server";
import { groups, therapists } from "../db/schema";
import { HttpError } from "../http.server";
import { isForeignKeyViolation, requiredText, VersionConflict, versionOf } from "./admin-common.server";

export const groupStatuses = ["open", "full", "closed"] as const;
export const timeSlots = ["Mattina", "Pomeriggio", "Sera"] as const;

const whole = (message: string) => z.coerce.number({ error: message }).int(message);

/** The group form. Capacity 1-8 (SPEC 9: at most 8 people). */
export const groupInputSchema = z
  .object({
    name: requiredText("Inserisci il nome del gruppo.", 120),
    topic: requiredText("Descrivi il tema del gruppo.", 1000),
    therapist_id: z.uuid("Scegli il terapeuta."),
    situations: z.array(z.enum(problemSlugs, { error: "Situazione non valida." })).transform((list) => [...new Set(list)]),
    weekday: whole("Scegli il giorno.").min(1, "Scegli il giorno.").max(7, "Scegli il giorno."),
    time_slot: z.enum(timeSlots, { error: "Scegli la fascia oraria." }),
    start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Orario non valido (HH:MM)."),
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

export function groupFormValues(form: FormData) {
  const values: Record<string, unknown> = Object.fromEntries(form);
  values.situations = form.getAll("situations");
  return values;
}

const confirmedCount = sql<number>`(select count(*)::int from group_bookings b where b.group_id = ${groups.id} and b.status = 'confirmed')`;

/** Every group with its therapist and occupancy (confirmed bookings); closed ones last. */
export function listGroups(db: Database) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      topic: groups.topic,
      situations: groups.situations,
      weekday: groups.weekday,
      timeSlot: groups.timeSlot,
      startTime: groups.startTime,
      ageMin: groups.ageMin,
      ageMax: groups.ageMax,
      capacity: groups.capacity,
      status: groups.status,
      startsOn: groups.startsOn,
      videoUrl: groups.videoUrl,
      therapistId: groups.therapistId,
      therapistName: therapists.name,
      confirmed: confirmedCount,
      version: versionOf(groups.updatedAt),
    })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .orderBy(sql`${groups.status} = 'closed'`, asc(groups.weekday), asc(groups.startTime), asc(groups.name));
}

export function therapistOptions(db: Database) {
  return db.select({ id: therapists.id, name: therapists.name }).from(therapists).orderBy(asc(therapists.name));
}

function columns(input: GroupInput) {
  return {
    name: input.name,
    topic: input.topic,
    therapistId: input.therapist_id,
    situations: input.situations,
    weekday: input.weekday,
    timeSlot: input.time_slot,
    startTime: input.start_time,
    ageMin: input.age_min,
    ageMax: input.age_max,
    capacity: input.capacity,
    status: input.status,
    startsOn: input.starts_on,
    videoUrl: input.video_url,
  };
}

const unknownTherapist = () =>
  new HttpError(400, "Il terapeuta scelto non esiste più.", { therapist_id: "Il terapeuta scelto non esiste più." });

export async function createGroup(db: Database, input: GroupInput) {
  try {
    const [row] = await db.insert(groups).values(columns(input)).returning({ id: groups.id });
    return row!;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw unknownTherapist();
    throw error;
  }
}

/**
 * Updates a group from the version the form was loaded from (409, VersionConflict, when someone saved
 * in between); its capacity cannot drop below the people already confirmed in it.
 */
export async function updateGroup(db: Database, id: string, version: string, input: GroupInput) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: groups.id, confirmed: confirmedCount, version: versionOf(groups.updatedAt) })
      .from(groups)
      .where(eq(groups.id, id))
      .for("update");
    if (!current) throw new HttpError(404, "Gruppo non trovato.");
    if (current.version !== version) throw new VersionConflict();
    if (input.capacity < current.confirmed) {
      const message = `Ci sono già ${current.confirmed} persone confermate: la capienza non può essere inferiore.`;
      throw new HttpError(400, message, { capacity: message });
    }
    try {
      await tx
        .update(groups)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(eq(groups.id, id));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw unknownTherapist();
      throw error;
    }
    return current;
  });
}

/** Closes a group: it is no longer recommended nor bookable; its bookings stay as they are. */
export async function closeGroup(db: Database, id: string) {
  const [row] = await db
    .update(groups)
    .set({ status: "closed", updatedAt: new Date() })
    .where(eq(groups.id, id))
    .returning({ id: groups.id, name: groups.name });
  if (!row) throw new HttpError(404, "Gruppo non trovato.");
  return row;
}
