import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as bookingsAction, loader as bookingsLoader } from "../../app/routes/admin/bookings";
import { attendance, auditLog, emailOutbox, groupBookings, groups, groupSessions, jobs } from "../../app/server/db/schema";
import { versionOf } from "../../app/server/record-versions.server";
import { moveMember } from "../../app/server/services/bookings.server";
import { memberBalance } from "../../app/server/services/payments.server";
import { sessionRoster } from "../../app/server/services/sessions.server";
import { staffFile } from "./staff-file";
import { staffPayment, therapistWithGroup, rowsWhere } from "./helpers";
import { answer, form, pageRequest } from "./route-calls";

/** Staff moving a member to another group: /admin/prenotazioni "Sposta", and moveMember for the client area. */

const DAY = 86_400_000;
const suite = staffFile("staff-spostamenti@example.com", "198.51.100.77");
const { call } = suite;
let counter = 0;

async function newGroup(options: { members?: number; capacity?: number; status?: "open" | "full" | "closed" } = {}) {
  const tag = ++counter;
  const { therapist, group } = await therapistWithGroup(
    suite.db,
    { name: `Dott.ssa Sposta ${tag}` },
    {
      name: `Gruppo sposta ${tag}`,
      topic: "Tema",
      weekday: 2,
      timeSlot: "Sera",
      startTime: "19:00",
      startsOn: "2026-01-06",
      capacity: options.capacity ?? 8,
      status: options.status ?? "open",
    },
  );
  const members = options.members ?? 0;
  const rows =
    members > 0
      ? await suite.db
          .insert(groupBookings)
          .values(
            Array.from({ length: members }, (_, index) => ({
              groupId: group.id,
              therapistId: therapist.id,
              email: `membro-sposta-${tag}-${index}@example.com`,
              name: `Membro ${index}`,
              status: "confirmed" as const,
            })),
          )
          .returning()
      : [];
  return { group: group!, therapist: therapist!, members: rows };
}

async function meeting(groupId: string, startsAt: Date) {
  const [row] = await suite.db
    .insert(groupSessions)
    .values({ groupId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
    .returning();
  return row!;
}

async function versionOfBooking(bookingId: string) {
  const [row] = await suite.db
    .select({ version: versionOf(groupBookings.updatedAt) })
    .from(groupBookings)
    .where(eq(groupBookings.id, bookingId));
  return row!.version;
}

/** The "Sposta" dialog's post, as the browser sends it. */
async function postMove(bookingId: string, groupId: string, version?: string, cookie = suite.staffCookie) {
  const body = form({ intent: "move", id: bookingId, version: version ?? (await versionOfBooking(bookingId)), group_id: groupId });
  return answer(await call(bookingsAction, pageRequest("/admin/prenotazioni", { cookie, method: "POST", body })));
}

const bookingOf = async (id: string) => (await suite.db.select().from(groupBookings).where(eq(groupBookings.id, id)))[0]!;
const movedMail = (to: string) =>
  suite.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, "booking-moved")));

describe("moving a member to another group", () => {
  it("keeps the member's booking, payments and charges; past attendance stays, the old group's future records go; one e-mail; audited", async () => {
    const { group: from, members } = await newGroup({ members: 8, status: "full" });
    const { group: to, therapist: toTherapist } = await newGroup({ members: 2 });
    const member = members[0]!;
    const past = await meeting(from.id, new Date(Date.now() - 7 * DAY));
    const ahead = await meeting(from.id, new Date(Date.now() + 5 * DAY));
    const next = await meeting(to.id, new Date("2031-03-04T18:00:00Z"));
    await suite.db.insert(attendance).values([
      { sessionId: past.id, bookingId: member.id, status: "present" },
      { sessionId: ahead.id, bookingId: member.id, status: "absent_notified", announcedAt: new Date() },
    ]);
    await staffPayment(suite.db, suite.staff, member.id);
    const before = await memberBalance(suite.db, member.id);
    expect(before).toMatchObject({ chargedCents: 3000, paidCents: 3000, owedCents: 0 });

    const moved = await postMove(member.id, to.id);
    expect(moved).toMatchObject({ status: 200, body: { ok: true, message: "Prenotazione spostata" } });

    const after = await bookingOf(member.id);
    expect(after).toMatchObject({ groupId: to.id, therapistId: toTherapist.id, status: "confirmed" });
    // The ledger is the booking's: the trial already charged and paid, nothing owed, nothing charged twice.
    expect(await memberBalance(suite.db, member.id)).toEqual(before);
    const records = await suite.db.select().from(attendance).where(eq(attendance.bookingId, member.id));
    expect(records.map((row) => row.sessionId)).toEqual([past.id]);
    // The old group's past meeting still lists them as present.
    const roster = await sessionRoster(suite.db, past.id, from.id);
    expect(roster.find((row) => row.bookingId === member.id)?.status).toBe("present");
    expect((await sessionRoster(suite.db, ahead.id, from.id)).some((row) => row.bookingId === member.id)).toBe(false);
    expect((await sessionRoster(suite.db, next.id, to.id)).some((row) => row.bookingId === member.id)).toBe(true);

    // The seat freed in the full group reopens it and wakes its waitlist (database triggers).
    expect((await suite.db.select().from(groups).where(eq(groups.id, from.id)))[0]!.status).toBe("open");
    expect(await rowsWhere(suite.db, jobs, { type: "waitlist.seat-freed", status: "pending" })).not.toHaveLength(0);

    const [mail, ...others] = await movedMail(member.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Ti abbiamo spostato nel gruppo "${to.name}"`);
    expect(mail!.text).toContain(`dal gruppo ${from.name} al gruppo ${to.name}`);
    expect(mail!.text).toContain("martedì 4 marzo 2031, 19:00-20:30 (ora italiana)");
    const [entry] = await rowsWhere(suite.db, auditLog, { entity: "booking", entityId: member.id, action: "move" });
    expect(entry).toMatchObject({ actorEmail: "staff-spostamenti@example.com", detail: { fromGroupId: from.id, toGroupId: to.id, droppedAttendance: 1 } });
  });

  it("refuses a full group with a clear 409 and changes nothing", async () => {
    const { group: from, members } = await newGroup({ members: 1 });
    const { group: full } = await newGroup({ members: 3, capacity: 3 });
    const member = members[0]!;
    const refused = await postMove(member.id, full.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Il gruppo "${full.name}" è al completo (3 posti).`);
    expect(await bookingOf(member.id)).toMatchObject({ groupId: from.id, status: "confirmed", updatedAt: member.updatedAt });
    expect(await movedMail(member.email)).toHaveLength(0);
    expect(await rowsWhere(suite.db, auditLog, { entityId: member.id, action: "move" })).toHaveLength(0);
    const confirmed = await rowsWhere(suite.db, groupBookings, { groupId: full.id, status: "confirmed" });
    expect(confirmed).toHaveLength(3);
  });

  it("two moves into the last seat at once: one wins, the other hears the group is full", async () => {
    const { group: target } = await newGroup({ members: 7 });
    const { members: first } = await newGroup({ members: 1 });
    const { members: second } = await newGroup({ members: 1 });
    const outcomes = await Promise.allSettled([first[0]!, second[0]!].map((member) => moveMember(suite.db, suite.staff, member.id, target.id)));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, message: `Il gruppo "${target.name}" è al completo (8 posti).` });
    const seated = await rowsWhere(suite.db, groupBookings, { groupId: target.id, status: "confirmed" });
    expect(seated).toHaveLength(8);
    expect((await suite.db.select().from(groups).where(eq(groups.id, target.id)))[0]!.status).toBe("full");
    const mails = await Promise.all([first[0]!, second[0]!].map((member) => movedMail(member.email)));
    expect(mails.map((list) => list.length).sort()).toEqual([0, 1]);
  });

  it("a double submit of the same move e-mails once; the second answers 409", async () => {
    const { members } = await newGroup({ members: 1 });
    const { group: to } = await newGroup();
    const member = members[0]!;
    const version = await versionOfBooking(member.id);
    const answers = await Promise.all([postMove(member.id, to.id, version), postMove(member.id, to.id, version)]);
    expect(answers.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(await movedMail(member.email)).toHaveLength(1);
    expect((await bookingOf(member.id)).groupId).toBe(to.id);
  });

  it("the dialog offers only groups with a free seat, and only staff may move anyone", async () => {
    const { group: open } = await newGroup({ members: 2 });
    const { group: full } = await newGroup({ members: 2, capacity: 2 });
    const { group: closed } = await newGroup({ status: "closed" });
    const { members } = await newGroup({ members: 1 });
    const page = (await call(bookingsLoader, pageRequest("/admin/prenotazioni", { cookie: suite.staffCookie }))) as { groups: { id: string }[] };
    const offered = page.groups.map((group) => group.id);
    expect(offered).toContain(open.id);
    expect(offered).not.toContain(full.id);
    expect(offered).not.toContain(closed.id);

    const refused = async (cookie: string) => {
      try {
        return (await postMove(members[0]!.id, open.id, undefined, cookie)).status;
      } catch (error) {
        if (error instanceof Response) return error.status;
        throw error;
      }
    };
    expect(await refused("")).toBe(401);
    expect((await bookingOf(members[0]!.id)).groupId).not.toBe(open.id);
  });

  it("moves a request without taking a seat, and refuses a closed group", async () => {
    const { group: from } = await newGroup();
    const { group: to } = await newGroup({ members: 8 });
    const { group: closed } = await newGroup({ status: "closed" });
    const [request] = await suite.db.insert(groupBookings).values({ groupId: from.id, email: "richiesta-sposta@example.com", status: "requested" }).returning();
    expect((await postMove(request!.id, closed.id)).body.error).toBe(`Il gruppo "${closed.name}" è chiuso.`);
    await moveMember(suite.db, suite.staff, request!.id, to.id);
    expect(await bookingOf(request!.id)).toMatchObject({ groupId: to.id, status: "requested" });
    expect((await movedMail("richiesta-sposta@example.com"))[0]!.text).toContain("Ti scriveremo per confermare il tuo posto nel nuovo gruppo.");
  });
});
