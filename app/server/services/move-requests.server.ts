import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CLIENT_AREA } from "~/domain/client-area";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { groupBookings, groups, moveRequests } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails, staffEmail } from "../mail/outbox.server";
import { movableGroups } from "./admin-bookings.server";
import { versionOf } from "../record-versions.server";
import { moveMemberIn } from "./bookings.server";
import { bookingName, ownBooking } from "./client-area.server";
import { type ClientIdentity } from "../gates.server";

/**
 * Move requests (issue 19): a confirmed member asks, from their area, to move to another group,
 * with a reason and optionally the group they prefer; staff approve (the member is moved by
 * moveMember, capacity enforced) or decline with a reason, on /admin/prenotazioni. One request is
 * open per booking at a time (move_requests_open_idx). The reason may say something about the
 * person's health: it stays in the database and on staff's screen, never in e-mails or the audit log.
 */

const preferredGroup = alias(groups, "preferred_group");
const fromGroup = alias(groups, "from_group");
const toGroup = alias(groups, "to_group");

const moveRequestMessages = {
  notMember: "Puoi chiedere di cambiare gruppo solo per un gruppo di cui fai già parte.",
  preferredUnavailable: "Questo gruppo non ha più posti liberi: scegline un altro o lascia decidere allo staff.",
  alreadyDecided: "Questa richiesta è già stata gestita.",
  chooseGroup: "Scegli il gruppo di destinazione.",
} as const;

/** Groups a member of `groupId` could ask to move to: not closed, with a free seat, not their own. */
async function moveTargets(db: Database, groupId: string | null) {
  return (await movableGroups(db)).filter((group) => group.id !== groupId);
}

/**
 * The member's request, stored before the answer, once: while one is pending for the booking,
 * asking again returns it (no second e-mail). Someone else's booking is a 404, a booking that is
 * not a confirmed membership a 409; a preferred group without a free seat a 400 (field error).
 */
export async function requestMove(db: Database, client: ClientIdentity, bookingId: string, input: { reason: string; preferredGroupId?: string }) {
  const own = ownBooking(client, bookingId);
  if (own.status !== "confirmed" || !own.groupId) throw new HttpError(409, moveRequestMessages.notMember);
  const targets = await moveTargets(db, own.groupId);
  const preferred = input.preferredGroupId ? targets.find((group) => group.id === input.preferredGroupId) : undefined;
  if (input.preferredGroupId && !preferred) throw new HttpError(400, moveRequestMessages.preferredUnavailable);
  return db.transaction(async (tx) => {
    // One request at a time per booking: a double submit waits here, then finds the first one.
    const [booking] = await tx.select().from(groupBookings).where(eq(groupBookings.id, bookingId)).for("update");
    if (!booking || booking.status !== "confirmed" || !booking.groupId) throw new HttpError(409, moveRequestMessages.notMember);
    const [created] = await tx
      .insert(moveRequests)
      .values({ bookingId, fromGroupId: booking.groupId, preferredGroupId: preferred?.id ?? null, reason: input.reason })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [open] = await tx
        .select()
        .from(moveRequests)
        .where(and(eq(moveRequests.bookingId, bookingId), eq(moveRequests.status, "pending")));
      return { request: open!, created: false };
    }
    const [current] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, booking.groupId));
    const groupName = current?.name ?? "attuale";
    await enqueueEmails(tx, [
      {
        to: client.user.email,
        subject: "Abbiamo ricevuto la tua richiesta di cambiare gruppo",
        template: "client-move-request",
        body: emailBody(ClientAreaNoticeEmail, {
          name: bookingName(client),
          preview: "Richiesta di cambio gruppo ricevuta",
          paragraphs: [
            `abbiamo ricevuto la tua richiesta di lasciare il gruppo ${groupName} per un altro gruppo${preferred ? `, preferibilmente ${preferred.name}` : ""}.`,
            "Lo staff la valuterà e ti scriverà appena avrà deciso. Fino ad allora resti nel tuo gruppo: nella tua area personale vedi a che punto è la richiesta.",
          ],
          areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
        }),
      },
      staffEmail({
        subject: "Nuova richiesta di cambio gruppo",
        template: "staff-move-request",
        title: "Una persona chiede di cambiare gruppo dalla sua area personale",
        rows: [
          ["Persona", booking.name ?? booking.email],
          ["Email", booking.email],
          ["Gruppo attuale", groupName],
          ["Gruppo preferito", preferred?.name ?? "Nessuna preferenza"],
          ["Dove", "Admin → Prenotazioni (il motivo è lì)"],
        ],
      }),
    ]);
    await audit(tx, client.session, { action: "request-move", entity: "move-request", entityId: created.id, detail: { bookingId, preferredGroupId: preferred?.id ?? null } });
    return { request: created, created: true };
  });
}

/** What the member's page shows: their group, the groups with a free seat, the newest request; 404 for anyone else's booking. */
export async function moveRequestPage(db: Database, client: ClientIdentity, bookingId: string) {
  const booking = ownBooking(client, bookingId);
  const [current, targets, latest] = await Promise.all([
    booking.groupId ? db.select({ name: groups.name }).from(groups).where(eq(groups.id, booking.groupId)) : [],
    moveTargets(db, booking.groupId),
    latestMoveRequests(db, [booking.id]),
  ]);
  return {
    bookingId: booking.id,
    member: booking.status === "confirmed" && Boolean(booking.groupId),
    groupName: current[0]?.name ?? null,
    targets: targets.map((group) => ({ id: group.id, name: group.name, therapistName: group.therapistName, free: group.capacity - group.confirmed })),
    request: latest.get(booking.id) ?? null,
  };
}

/** The newest request of each of these bookings, with the names of the groups it names. */
export async function latestMoveRequests(db: Database, bookingIds: string[]) {
  if (bookingIds.length === 0) return new Map<string, MoveRequestView>();
  const rows = await db
    .select({
      id: moveRequests.id,
      bookingId: moveRequests.bookingId,
      status: moveRequests.status,
      reason: moveRequests.reason,
      decisionReason: moveRequests.decisionReason,
      createdAt: moveRequests.createdAt,
      decidedAt: moveRequests.decidedAt,
      fromGroupName: fromGroup.name,
      preferredGroupName: preferredGroup.name,
      toGroupName: toGroup.name,
    })
    .from(moveRequests)
    .leftJoin(fromGroup, eq(fromGroup.id, moveRequests.fromGroupId))
    .leftJoin(preferredGroup, eq(preferredGroup.id, moveRequests.preferredGroupId))
    .leftJoin(toGroup, eq(toGroup.id, moveRequests.toGroupId))
    .where(inArray(moveRequests.bookingId, bookingIds))
    .orderBy(desc(moveRequests.createdAt));
  const latest = new Map<string, MoveRequestView>();
  for (const row of rows) if (!latest.has(row.bookingId)) latest.set(row.bookingId, row);
  return latest;
}

interface MoveRequestView {
  id: string;
  bookingId: string;
  status: "pending" | "approved" | "declined";
  reason: string;
  decisionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  fromGroupName: string | null;
  preferredGroupName: string | null;
  toGroupName: string | null;
}

/** Staff's queue: the pending requests, oldest first, with the booking's version for the move. */
export async function pendingMoveRequests(db: Database) {
  return db
    .select({
      id: moveRequests.id,
      createdAt: moveRequests.createdAt,
      reason: moveRequests.reason,
      preferredGroupId: moveRequests.preferredGroupId,
      preferredGroupName: preferredGroup.name,
      bookingId: groupBookings.id,
      name: groupBookings.name,
      email: groupBookings.email,
      groupId: groupBookings.groupId,
      groupName: groups.name,
      bookingVersion: versionOf(groupBookings.updatedAt),
    })
    .from(moveRequests)
    .innerJoin(groupBookings, eq(groupBookings.id, moveRequests.bookingId))
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .leftJoin(preferredGroup, eq(preferredGroup.id, moveRequests.preferredGroupId))
    .where(eq(moveRequests.status, "pending"))
    .orderBy(asc(moveRequests.createdAt));
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The pending request, locked for the decision; 404 when missing, 409 when already decided. */
async function lockPending(tx: Tx, id: string) {
  const [request] = await tx.select().from(moveRequests).where(eq(moveRequests.id, id)).for("update");
  if (!request) throw new HttpError(404, "Richiesta non trovata.");
  if (request.status !== "pending") throw new HttpError(409, moveRequestMessages.alreadyDecided);
  return request;
}

/**
 * Staff approve: the member is moved by moveMember to `toGroupId` (or to the group they preferred),
 * in the same transaction as the decision, so a full group (409) or a changed booking leaves the
 * request pending and nothing moved. The member gets moveMember's e-mail with the new group.
 */
export async function approveMoveRequest(db: Database, actor: SessionInfo, id: string, toGroupId?: string) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    const target = toGroupId ?? request.preferredGroupId;
    if (!target) throw new HttpError(400, moveRequestMessages.chooseGroup);
    const moved = await moveMemberIn(tx, actor, request.bookingId, target);
    await tx
      .update(moveRequests)
      .set({ status: "approved", toGroupId: moved.groupId, decidedAt: sql`now()`, decidedBy: actor.user.email })
      .where(eq(moveRequests.id, id));
    await audit(tx, actor, { action: "approve", entity: "move-request", entityId: id, detail: { bookingId: request.bookingId, toGroupId: moved.groupId } });
    return moved;
  });
}

/** Staff decline with a reason the member reads in their area and in the e-mail; the member stays where they are. */
export async function declineMoveRequest(db: Database, actor: SessionInfo, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const request = await lockPending(tx, id);
    await tx
      .update(moveRequests)
      .set({ status: "declined", decisionReason: reason, decidedAt: sql`now()`, decidedBy: actor.user.email })
      .where(eq(moveRequests.id, id));
    const [booking] = await tx
      .select({ email: groupBookings.email, name: groupBookings.name, groupName: groups.name })
      .from(groupBookings)
      .leftJoin(groups, eq(groups.id, groupBookings.groupId))
      .where(eq(groupBookings.id, request.bookingId));
    await enqueueEmails(tx, [
      {
        to: booking!.email,
        subject: "La tua richiesta di cambiare gruppo",
        template: "client-move-declined",
        body: emailBody(ClientAreaNoticeEmail, {
          name: booking!.name,
          preview: "Lo staff ha risposto alla tua richiesta di cambio gruppo",
          paragraphs: [
            `lo staff ha valutato la tua richiesta di cambiare gruppo e per ora non può accoglierla. Il motivo: «${reason}».`,
            `Resti nel gruppo ${booking!.groupName ?? "in cui sei"}. Se vuoi parlarne, rispondi a questa email: puoi anche fare una nuova richiesta dalla tua area personale.`,
          ],
          areaUrl: `${publicBaseUrl()}${CLIENT_AREA}`,
          footerNote: "Ti scriviamo per rispondere alla richiesta che hai fatto dalla tua area personale.",
        }),
      },
    ]);
    await audit(tx, actor, { action: "decline", entity: "move-request", entityId: id, detail: { bookingId: request.bookingId } });
  });
}
