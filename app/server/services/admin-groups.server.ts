import { asc, count, eq, sql } from "drizzle-orm";
import type { GroupInput } from "~/domain/group-input";
import type { GroupStatus } from "~/domain/statuses";
import { isForeignKeyViolation, type Database, type Transaction } from "../db/client.server";
import { groups, therapists } from "../db/schema";
import { formColumns } from "../db/form-columns.server";
import { HttpError } from "../http/errors.server";
import { VersionConflict, versionOf } from "../record-versions.server";
import { type ListQuery, listFilter, pageOf } from "./admin-lists.server";
import { confirmedCount, groupColumns } from "./groups.server";

/** What staff search groups by: the group's name and topic, and its therapist's name; the filter is the group's status. */
const groupsWhere = (query: Omit<ListQuery<GroupStatus>, "page">) => listFilter(query, [groups.name, groups.topic, therapists.name], groups.status);

/** One page of groups with their therapist and occupancy (confirmed bookings), closed ones last, with the total. */
export function listGroups(db: Database, query: ListQuery<GroupStatus>) {
  const filter = groupsWhere(query);
  return pageOf(
    db,
    groups,
    filter,
    query.page,
    (limit, offset) =>
      db
        .select({
          ...groupColumns,
          videoUrl: groups.videoUrl,
          therapistId: groups.therapistId,
          therapistName: therapists.name,
          confirmed: confirmedCount,
          version: versionOf(groups.updatedAt),
        })
        .from(groups)
        .innerJoin(therapists, eq(therapists.id, groups.therapistId))
        .where(filter)
        .orderBy(sql`${groups.status} = 'closed'`, asc(groups.weekday), asc(groups.startTime), asc(groups.name), asc(groups.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ value: count() }).from(groups).innerJoin(therapists, eq(therapists.id, groups.therapistId)).where(filter),
  );
}

export function therapistOptions(db: Database) {
  return db.select({ id: therapists.id, name: therapists.name }).from(therapists).orderBy(asc(therapists.name));
}

const columns = (input: GroupInput) => formColumns(groups, input);

const unknownTherapist = () => new HttpError(400, "Il terapeuta scelto non esiste più.", { therapist_id: "Il terapeuta scelto non esiste più." });

export async function createGroup(db: Database | Transaction, input: GroupInput) {
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
export async function updateGroup(db: Database | Transaction, id: string, version: string, input: GroupInput) {
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
export async function closeGroup(db: Database | Transaction, id: string) {
  const [row] = await db.update(groups).set({ status: "closed", updatedAt: new Date() }).where(eq(groups.id, id)).returning({ id: groups.id, name: groups.name });
  if (!row) throw new HttpError(404, "Gruppo non trovato.");
  return row;
}
