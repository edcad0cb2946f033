import { and, asc, desc, eq, getTableColumns } from "drizzle-orm";
import type { TherapistInput } from "~/domain/therapist-input";
import { isForeignKeyViolation, type Database, type Transaction } from "../db/client.server";
import { groups, therapists } from "../db/schema";
import { formColumns } from "../db/form-columns.server";
import { HttpError } from "../http/errors.server";
import { publicPagesChanged, therapistPages } from "../public-pages.server";
import { hasVersion, VersionConflict, versionOf } from "../record-versions.server";
import { listFilter, pageOf, type ListQuery } from "./admin-lists.server";

const columns = (input: TherapistInput) => formColumns(therapists, input);

/**
 * One page of the therapists, newest first (SPEC 7: ordered by created_at descending), with the total;
 * `q` searches the name, the role and the specialization.
 */
export function listTherapists(db: Database, query: Pick<ListQuery, "q" | "page">) {
  const filter = listFilter(query, [therapists.name, therapists.role, therapists.specialization]);
  return pageOf(db, therapists, filter, query.page, (limit, offset) =>
    db
      .select({ ...getTableColumns(therapists), version: versionOf(therapists.updatedAt) })
      .from(therapists)
      .where(filter)
      .orderBy(desc(therapists.createdAt), asc(therapists.name), asc(therapists.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Every therapist is on public pages (`therapistPages`): each write here announces them. */
export function createTherapist(db: Database | Transaction, input: TherapistInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(therapists).values(columns(input)).returning();
    await publicPagesChanged(tx, therapistPages(row!.id));
    return row!;
  });
}

/** Saves the form only over the version it was loaded from: 409 (VersionConflict) when someone saved in between. */
export function updateTherapist(db: Database | Transaction, id: string, version: string, input: TherapistInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(therapists)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(eq(therapists.id, id), hasVersion(therapists.updatedAt, version)))
      .returning();
    if (row) {
      await publicPagesChanged(tx, therapistPages(id));
      return row;
    }
    const [exists] = await tx.select({ id: therapists.id }).from(therapists).where(eq(therapists.id, id));
    throw exists ? new VersionConflict() : new HttpError(404, "Therapist not found");
  });
}

/** Why a therapist cannot be deleted: the groups they lead would lose their therapist. */
function groupsBlockMessage(name: string, groupNames: readonly string[]) {
  const list = groupNames.map((groupName) => `"${groupName}"`).join(", ");
  return `${name} leads ${groupNames.length === 1 ? "the group" : "the groups"} ${list}. Assign ${
    groupNames.length === 1 ? "that group" : "those groups"
  } to another therapist (Gruppi tab) before deleting.`;
}

/** Deletes a therapist who leads no group; 409 with the groups' names otherwise, 404 when missing. */
export async function deleteTherapist(db: Database | Transaction, id: string) {
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
    await db.transaction(async (tx) => {
      await tx.delete(therapists).where(eq(therapists.id, id));
      await publicPagesChanged(tx, therapistPages(id));
    });
  } catch (error) {
    // A group created for this therapist between the check and the delete.
    if (isForeignKeyViolation(error)) throw new HttpError(409, groupsBlockMessage(therapist.name, ["(new group)"]));
    throw error;
  }
  return therapist;
}
