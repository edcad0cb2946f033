import { and, asc, eq, gte, lt, or, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { widgetPath } from "~/domain/sign-in-widget";
import { addDays, romeTimeToUtc, todayInRome } from "~/domain/calendar";
import { meetingLabel, memberName, THERAPIST_AREA, THERAPIST_ROLE } from "~/domain/sessions";
import { audit } from "../audit.server";
import { ADMIN_ROLE, type SessionInfo } from "../auth.server";
import { readAnswers } from "../crypto.server";
import type { Database } from "../db/client.server";
import { groupBookings, groups, groupSessions, questionnaireResponses, therapists, user, verification } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import type { TherapistIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { TherapistInvitationEmail } from "../mail/session-templates";
import { listSessions, movedToOf, movedToStartsAt } from "./sessions.server";

export { THERAPIST_AREA, THERAPIST_ROLE };
/** How long the link of an invitation e-mail stays valid. */
const INVITATION_DAYS = 7;

/* ------------------------------------------------------------------------------------------------
 * Invitation: a better-auth user with the therapist role, and a reset-password link to choose a password
 * ---------------------------------------------------------------------------------------------- */

/**
 * Invites the therapist of `therapistId` to their own account: creates (or reuses) the user of the
 * therapist's e-mail with role therapist, links it, and e-mails a one-time link through better-auth's
 * own reset-password flow (/api/auth/reset-password/:token, then /accedi?view=update_password).
 */
export async function inviteTherapist(db: Database, actor: SessionInfo, therapistId: string, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [therapist] = await tx.select().from(therapists).where(eq(therapists.id, therapistId)).for("update");
    if (!therapist) throw new HttpError(404, "Terapeuta non trovato.");
    const email = therapist.email?.trim().toLowerCase();
    if (!email) throw new HttpError(400, "Aggiungi prima l'email del terapeuta nella sua scheda.");
    let [account] = await tx.select().from(user).where(eq(user.email, email));
    if (account?.role === ADMIN_ROLE) throw new HttpError(409, "Questo indirizzo appartiene a un account dello staff: usa un altro indirizzo per il terapeuta.");
    const [linkedElsewhere] = account
      ? await tx
          .select({ id: therapists.id })
          .from(therapists)
          .where(and(eq(therapists.userId, account.id), sql`${therapists.id} <> ${therapistId}`))
      : [];
    if (linkedElsewhere) throw new HttpError(409, "Questo indirizzo è già collegato a un altro terapeuta.");
    if (!account) {
      [account] = await tx
        .insert(user)
        .values({ id: randomBytes(18).toString("base64url"), email, name: therapist.name, role: THERAPIST_ROLE })
        .returning();
    } else if (account.role !== THERAPIST_ROLE) {
      await tx.update(user).set({ role: THERAPIST_ROLE, updatedAt: now }).where(eq(user.id, account.id));
    }
    await tx.update(therapists).set({ userId: account!.id, updatedAt: now }).where(eq(therapists.id, therapistId));
    const token = randomBytes(24).toString("base64url");
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier: `reset-password:${token}`,
      value: account!.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    });
    const base = publicBaseUrl();
    const url = `${base}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${base}${widgetPath}?view=update_password`)}`;
    await enqueueEmails(tx, [
      {
        to: email,
        subject: "Il tuo accesso all'area terapeuti",
        template: "therapist-invitation",
        body: emailBody(TherapistInvitationEmail, { name: therapist.name, url, days: INVITATION_DAYS }),
      },
    ]);
    await audit(tx, actor, { action: "invite", entity: "therapist", entityId: therapistId, detail: { userId: account!.id } });
    return { email, userId: account!.id };
  });
}

/* ------------------------------------------------------------------------------------------------
 * What a therapist sees: only their own groups
 * ---------------------------------------------------------------------------------------------- */

// Spelled out: in a one-table select Drizzle leaves columns unqualified, and "id" would be the booking's.
const confirmed = sql<number>`(select count(*)::int from group_bookings b where b.group_id = "groups"."id" and b.status = 'confirmed')`;

export async function ownGroups(db: Database, therapistId: string) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      weekday: groups.weekday,
      startTime: groups.startTime,
      status: groups.status,
      startsOn: groups.startsOn,
      capacity: groups.capacity,
      videoUrl: groups.videoUrl,
      members: confirmed,
    })
    .from(groups)
    .where(eq(groups.therapistId, therapistId))
    .orderBy(asc(groups.weekday), asc(groups.startTime));
}

/** The therapist's meetings from the start of today for `days` days, and the ones of the past `pastDays` days. */
export async function ownSessions(db: Database, therapistId: string, now: Date = new Date(), days = 14, pastDays = 14) {
  const today = todayInRome(now);
  const rows = await listSessions(db, { therapistId }, romeTimeToUtc(addDays(today, -pastDays), "00:00"), romeTimeToUtc(addDays(today, days), "00:00"));
  return rows.map((row) => ({ ...row, label: meetingLabel(row.status, row.startsAt, now), movedTo: movedToOf(row) }));
}

const notYours = () => new HttpError(404, "Non trovato tra i tuoi gruppi.");

/** One of the therapist's groups with its members; 404 for anyone else's group (same answer as a missing one). */
export async function ownGroup(db: Database, identity: TherapistIdentity, groupId: string, now: Date = new Date()) {
  const [group] = await db
    .select({
      id: groups.id,
      name: groups.name,
      topic: groups.topic,
      weekday: groups.weekday,
      startTime: groups.startTime,
      status: groups.status,
      startsOn: groups.startsOn,
      videoUrl: groups.videoUrl,
    })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.therapistId, identity.therapist.id)));
  if (!group) throw notYours();
  const people = await db
    .select({ bookingId: groupBookings.id, name: groupBookings.name, ageBracket: groupBookings.ageBracket, hasAnswers: sql<boolean>`${groupBookings.responseId} is not null` })
    .from(groupBookings)
    .where(and(eq(groupBookings.groupId, groupId), eq(groupBookings.status, "confirmed")))
    .orderBy(asc(groupBookings.createdAt));
  const today = todayInRome(now);
  const from = romeTimeToUtc(addDays(today, -56), "00:00");
  const until = romeTimeToUtc(addDays(today, 56), "00:00");
  const rows = await db
    .select({
      id: groupSessions.id,
      startsAt: groupSessions.startsAt,
      endsAt: groupSessions.endsAt,
      status: groupSessions.status,
      note: groupSessions.note,
      movedTo: groupSessions.movedTo,
      movedToStartsAt,
    })
    .from(groupSessions)
    .where(
      and(
        eq(groupSessions.groupId, groupId),
        // The weeks around today, and the new date of a meeting moved from them however far it went.
        or(
          and(gte(groupSessions.startsAt, from), lt(groupSessions.startsAt, until)),
          sql`${groupSessions.id} in (select m.moved_to from ${groupSessions} m where m.group_id = ${groupId} and m.starts_at >= ${from.toISOString()} and m.starts_at < ${until.toISOString()})`,
        ),
      ),
    )
    .orderBy(asc(groupSessions.startsAt));
  const sessions = rows.map((row) => ({
    id: row.id,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    label: meetingLabel(row.status, row.startsAt, now),
    note: row.note,
    movedTo: movedToOf(row),
  }));
  await audit(db, identity.session, { action: "list", entity: "group_members", entityId: groupId, detail: { members: people.length } });
  return {
    group,
    members: people.map((person) => ({ bookingId: person.bookingId, name: memberName(person.name), ageBracket: person.ageBracket, hasAnswers: person.hasAnswers })),
    sessions,
  };
}

/**
 * The questionnaire answers of one member of one of the therapist's own groups, decrypted; every read
 * is in the audit log. Anyone else's member answers 404, as a missing one does.
 */
export async function ownMemberAnswers(db: Database, identity: TherapistIdentity, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: groupBookings.id,
      name: groupBookings.name,
      ageBracket: groupBookings.ageBracket,
      groupId: groups.id,
      groupName: groups.name,
      answers: questionnaireResponses.answers,
      submittedAt: questionnaireResponses.createdAt,
    })
    .from(groupBookings)
    .innerJoin(groups, eq(groups.id, groupBookings.groupId))
    .leftJoin(questionnaireResponses, eq(questionnaireResponses.id, groupBookings.responseId))
    .where(and(eq(groupBookings.id, bookingId), eq(groupBookings.status, "confirmed"), eq(groups.therapistId, identity.therapist.id)));
  if (!row) throw notYours();
  await audit(db, identity.session, { action: "read", entity: "questionnaire_answers", entityId: bookingId, detail: { groupId: row.groupId } });
  return {
    bookingId: row.bookingId,
    name: memberName(row.name),
    ageBracket: row.ageBracket,
    groupId: row.groupId,
    groupName: row.groupName,
    submittedAt: row.submittedAt,
    answers: row.answers ? readAnswers(row.answers) : null,
  };
}
