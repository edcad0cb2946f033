import { and, asc, desc, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { groups, therapists } from "../db/schema";
import { HttpError } from "../http.server";
import { cleanList, hasVersion, isForeignKeyViolation, optionalText, requiredText, VersionConflict, versionOf } from "./admin-common.server";

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A photo uploaded through /admin/upload: a public storage path, never an arbitrary URL. */
const photoPath = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^\/storage\/therapist-photos\/[a-z0-9][a-z0-9/_.-]*$/i.test(value), "Invalid photo");

const chipList = z
  .array(z.string().max(200, tooLong(200)))
  .max(30, "At most 30 items")
  .transform(cleanList);

/** The Add/Edit Therapist form (SPEC 5, "Admin, therapists"). */
export const therapistInputSchema = z.object({
  name: requiredText("Name is required", 200, tooLong(200)),
  role: requiredText("Role is required", 200, tooLong(200)),
  specialization: requiredText("Specialization is required", 300, tooLong(300)),
  experience: requiredText("Experience is required", 200, tooLong(200)),
  description: requiredText("Description is required", 2000, tooLong(2000)),
  registration_number: optionalText(100, tooLong(100)),
  biography: optionalText(20_000, tooLong(20_000)),
  image: photoPath,
  qualifications: chipList,
  approaches: chipList,
});

export type TherapistInput = z.infer<typeof therapistInputSchema>;

/** The form's fields as the schema reads them; list fields come as repeated entries. */
export function therapistFormValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    name: text("name"),
    role: text("role"),
    specialization: text("specialization"),
    experience: text("experience"),
    description: text("description"),
    registration_number: text("registration_number"),
    biography: text("biography"),
    image: text("image"),
    qualifications: list("qualifications"),
    approaches: list("approaches"),
  };
}

function columns(input: TherapistInput) {
  return {
    name: input.name,
    role: input.role,
    specialization: input.specialization,
    experience: input.experience,
    description: input.description,
    registrationNumber: input.registration_number,
    biography: input.biography,
    image: input.image,
    qualifications: input.qualifications,
    approaches: input.approaches,
  };
}

/** Every therapist, newest first (SPEC 7: select ordered by created_at descending). */
export function listTherapists(db: Database) {
  return db
    .select({ ...getTableColumns(therapists), version: versionOf(therapists.updatedAt) })
    .from(therapists)
    .orderBy(desc(therapists.createdAt), asc(therapists.name));
}

export type AdminTherapist = Awaited<ReturnType<typeof listTherapists>>[number];

export async function createTherapist(db: Database, input: TherapistInput) {
  const [row] = await db.insert(therapists).values(columns(input)).returning();
  return row!;
}

/** Saves the form only over the version it was loaded from: 409 (VersionConflict) when someone saved in between. */
export async function updateTherapist(db: Database, id: string, version: string, input: TherapistInput) {
  const [row] = await db
    .update(therapists)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(and(eq(therapists.id, id), hasVersion(therapists.updatedAt, version)))
    .returning();
  if (row) return row;
  const [exists] = await db.select({ id: therapists.id }).from(therapists).where(eq(therapists.id, id));
  throw exists ? new VersionConflict() : new HttpError(404, "Therapist not found");
}

/** Why a therapist cannot be deleted: the groups they lead would lose their therapist. */
export function groupsBlockMessage(name: string, groupNames: readonly string[]) {
  const list = groupNames.map((groupName) => `"${groupName}"`).join(", ");
  return `${name} leads ${groupNames.length === 1 ? "the group" : "the groups"} ${list}. Assign ${
    groupNames.length === 1 ? "that group" : "those groups"
  } to another therapist (Gruppi tab) before deleting.`;
}

/** Deletes a therapist who leads no group; 409 with the groups' names otherwise, 404 when missing. */
export async function deleteTherapist(db: Database, id: string) {
  const [therapist] = await db.select({ id: therapists.id, name: therapists.name }).from(therapists).where(eq(therapists.id, id));
  if (!therapist) throw new HttpError(404, "Therapist not found");
  const led = await db.select({ name: groups.name }).from(groups).where(eq(groups.therapistId, id)).orderBy(asc(groups.name));
  if (led.length > 0)
    throw new HttpError(
      409,
      groupsBlockMessage(
        therapist.name,
        led.map((group) => group.name),
      ),
    );
  try {
    await db.delete(therapists).where(eq(therapists.id, id));
  } catch (error) {
    // A group created for this therapist between the check and the delete.
    if (isForeignKeyViolation(error)) throw new HttpError(409, groupsBlockMessage(therapist.name, ["(new group)"]));
    throw error;
  }
  return therapist;
}
