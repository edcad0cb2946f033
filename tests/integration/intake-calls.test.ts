import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bookCallSlotAction, loader as callSlotsLoader } from "../../app/routes/api/call-slots";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { loader as callPageLoader } from "../../app/routes/call";
import type { Database } from "../../app/server/db/client.server";
import { groupBookings, intakeCalls, therapistAvailabilityExceptions } from "../../app/server/db/schema";
import { storage } from "../../app/server/storage.server";
import type { callAvailability } from "../../app/server/services/intake-calls.server";
import { testDatabase } from "./database";
import { accessTokenFor, intakeTherapist, newGroup, newTherapist, postJson, queuedMail, rowsWhere } from "./helpers";

let db: Database;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "intake" });
});

/** The direct call page's booking (no group), or with `groupId` the matching page's call request for that group. */
const book = async (email: string, start: string, extra: { groupId?: string } = {}) =>
  extra.groupId
    ? postJson(updateGroupSelection, db, {
        email,
        name: "Mario",
        selectedTherapist: "Chiamata conoscitiva",
        groupId: extra.groupId,
        MarioCallRequested: true,
        adult: true,
        MarioPhone: "333 000 1111",
        callSlot: start,
        token: await accessTokenFor(db, email),
      })
    : postJson(bookCallSlotAction, db, { email, name: "Mario", phone: "333 000 1111", adult: true, start, token: await accessTokenFor(db, email) });

async function listed(groupId?: string) {
  const url = `http://localhost/api/call-slots${groupId ? `?groupId=${groupId}` : ""}`;
  const response = await callSlotsLoader({ request: new Request(url), params: {}, context: { db } } as never);
  return ((await response.json()) as { days: Awaited<ReturnType<typeof callAvailability>> }).days;
}

describe("intake calls belong to therapists", () => {
  it("offers only the chosen group's therapist's times, evenings included, and every intake therapist's without a group", async () => {
    const morning = await intakeTherapist(db, { name: "Dott.ssa Mattino", email: "mattino@example.com" }, [[540, 600]]);
    const evening = await intakeTherapist(db, { name: "Dott. Sera", email: "sera@example.com" }, [[1140, 1230]]);
    const group = await newGroup(db, evening.id, { name: "Gruppo serale" });

    const ofGroup = await listed(group.id);
    expect(ofGroup).toHaveLength(14);
    expect(ofGroup[0]!.slots.map((slot) => slot.time)).toEqual(["19:00", "19:30", "20:00"]);
    const ofAll = await listed();
    expect(ofAll[0]!.slots.map((slot) => slot.time)).toEqual(["09:00", "09:30", "19:00", "19:30", "20:00"]);

    // Booked for the group: the evening's therapist takes it, never the morning's.
    const answer = await book("serale@example.com", ofGroup[0]!.slots[0]!.start, { groupId: group.id });
    expect(answer.status).toBe(201);
    const [call] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, "serale@example.com"));
    expect(call).toMatchObject({ therapistId: evening.id, status: "booked" });
    expect(call!.endsAt.getTime() - call!.startsAt.getTime()).toBe(30 * 60_000);
    // A morning time is not the group's therapist's: refused, nothing written.
    const wrong = await book("serale-2@example.com", ofAll[0]!.slots[0]!.start, { groupId: group.id });
    expect(wrong.status).toBe(400);
    expect(await db.select().from(intakeCalls).where(eq(intakeCalls.email, "serale-2@example.com"))).toEqual([]);
    expect(morning.id).not.toBe(evening.id);
  });

  it("five people booking one therapist's slot at once: one 201, four 409 with the Italian message; both sides e-mailed with the .ics", async () => {
    const therapist = await intakeTherapist(db, { name: "Dott.ssa Unica", email: "unica@example.com" }, [[600, 660]], [3]);
    const group = await newGroup(db, therapist.id, { name: "Gruppo unico" });
    const days = await listed(group.id);
    const slot = days[0]!.slots[1]!;
    const emails = Array.from({ length: 5 }, (_, index) => `parallelo-${index}@example.com`);
    const answers = await Promise.all(emails.map((email) => book(email, slot.start, { groupId: group.id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error === "Questo orario è appena stato preso: scegline un altro.")).toBe(true);
    const rows = await db.select().from(intakeCalls).where(eq(intakeCalls.therapistId, therapist.id));
    expect(rows).toHaveLength(1);
    const winner = rows[0]!;

    const mail = await queuedMail(db);
    const toPerson = mail.find((row) => row.to === winner.email && row.template === "call-requested")!;
    const toTherapist = mail.find((row) => row.to === "unica@example.com" && row.template === "call-therapist")!;
    expect(toPerson.html).toContain("Dott.ssa Unica");
    expect(toTherapist.subject).toContain("Nuova chiamata conoscitiva");
    expect(toTherapist.html).not.toContain("333 000 1111");
    const key = `calls/${winner.id}-0.ics`;
    expect(toPerson.attachments).toEqual([{ filename: "chiamata-conoscitiva.ics", bucket: "documents", key, contentType: "text/calendar; charset=utf-8; method=REQUEST" }]);
    expect(toTherapist.attachments).toEqual(toPerson.attachments);
    const ics = (await storage().get("documents", key))!.body.toString("utf8");
    expect(ics).toContain(`DTSTART;TZID=Europe/Rome:${days[0]!.date.replaceAll("-", "")}T103000`);
    expect(ics).toContain(`DTEND;TZID=Europe/Rome:${days[0]!.date.replaceAll("-", "")}T110000`);
    expect(ics.replaceAll("\r\n ", "")).toContain("mailto:unica@example.com");
    expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    expect((await listed(group.id))[0]!.slots[1]).toMatchObject({ start: slot.start, taken: true });
  });

  it("the database refuses an overlapping booked call of one therapist, even one not on the half hour; a cancelled one frees the time", async () => {
    const therapist = await intakeTherapist(db, { name: "Dott. Vincolo", email: "vincolo@example.com" }, [[600, 660]], [1]);
    const startsAt = new Date("2027-01-04T09:00:00Z");
    const call = { therapistId: therapist.id, email: "a@example.com", phone: "333", startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
    const [first] = await db.insert(intakeCalls).values(call).returning();
    const overlapping = { ...call, email: "b@example.com", startsAt: new Date(startsAt.getTime() + 15 * 60_000), endsAt: new Date(startsAt.getTime() + 45 * 60_000) };
    await expect(db.insert(intakeCalls).values(overlapping)).rejects.toMatchObject({ cause: { code: "23P01", constraint: "intake_calls_no_overlap" } });
    // Back to back is fine (ranges are half-open).
    await db.insert(intakeCalls).values({ ...call, email: "c@example.com", startsAt: call.endsAt, endsAt: new Date(call.endsAt.getTime() + 30 * 60_000) });
    await db.update(intakeCalls).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(intakeCalls.id, first!.id));
    await db.insert(intakeCalls).values({ ...call, email: "d@example.com" });
    expect(await rowsWhere(db, intakeCalls, { therapistId: therapist.id, status: "booked" })).toHaveLength(2);
  });

  it("a day off takes the therapist's slots away; one-off extra hours add some; a time nobody offers is refused", async () => {
    const therapist = await intakeTherapist(db, { name: "Dott.ssa Ferie", email: "ferie@example.com" }, [[600, 660]]);
    const group = await newGroup(db, therapist.id, { name: "Gruppo ferie" });
    const before = await listed(group.id);
    await db.insert(therapistAvailabilityExceptions).values([
      { therapistId: therapist.id, onDate: before[0]!.date, kind: "off" },
      { therapistId: therapist.id, onDate: before[1]!.date, kind: "extra", startMinute: 21 * 60, endMinute: 22 * 60 },
    ]);
    const after = await listed(group.id);
    expect(after.map((day) => day.date)).not.toContain(before[0]!.date);
    expect(after[0]!.slots.map((slot) => slot.time)).toEqual(["10:00", "10:30", "21:00", "21:30"]);
    const off = await book("ferie@example.com", before[0]!.slots[0]!.start, { groupId: group.id });
    expect(off.status).toBe(400);
    expect(off.body.fields).toEqual({ callSlot: "Scegli uno degli orari disponibili." });
    expect((await book("ferie@example.com", "2020-01-01T09:00:00.000Z")).status).toBe(400);
  });

  it("a group whose therapist takes no intake calls offers every intake therapist's times, and the booking accepts them", async () => {
    const noCalls = await newTherapist(db, { name: "Dott. Senza Chiamate" });
    const group = await newGroup(db, noCalls.id, { name: "Gruppo senza chiamate" });
    const offered = await listed(group.id);
    expect(offered).toEqual(await listed());
    const free = offered.flatMap((day) => day.slots).find((slot) => !slot.taken)!;
    const answer = await book("senza-chiamate@example.com", free.start, { groupId: group.id });
    expect(answer.status).toBe(201);
    const [call] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, "senza-chiamate@example.com"));
    expect(call!.therapistId).not.toBe(noCalls.id);
  });

  it("the call page without a groupId offers the times of the group the person's booking names, exactly those the booking accepts", async () => {
    const late = await intakeTherapist(db, { name: "Dott.ssa Notte", email: "notte@example.com" }, [[1260, 1320]]);
    const group = await newGroup(db, late.id, { name: "Gruppo notturno" });
    const email = "prenotata-notte@example.com";
    await db.insert(groupBookings).values({ groupId: group.id, therapistId: late.id, email, name: "Nora", ageBracket: "26-35", status: "requested" });
    const token = await accessTokenFor(db, email);
    const page = async (query: string) => {
      const result = (await callPageLoader({
        request: new Request(`http://localhost/call-nora?${query}`),
        params: { callPath: "call-nora" },
        context: { db },
      } as never)) as unknown as {
        data: { groupId: string | null; slots: Awaited<ReturnType<typeof callAvailability>> };
      };
      return result.data;
    };

    const own = await page(new URLSearchParams({ email, token }).toString());
    expect(own.groupId).toBe(group.id);
    expect([...new Set(own.slots.flatMap((day) => day.slots.map((slot) => slot.time)))]).toEqual(["21:00", "21:30"]);
    // On the strength of the address alone nothing of the booking is read: every therapist's times.
    const anonymous = await page(new URLSearchParams({ email }).toString());
    expect(anonymous.groupId).toBeNull();
    expect(anonymous.slots).toEqual(await listed());
    // A groupId that names no group is ignored.
    expect((await page(new URLSearchParams({ groupId: "00000000-0000-4000-8000-000000000000" }).toString())).groupId).toBeNull();

    // What the page offers is what the booking accepts: the form posts the page's groupId with the call page's label.
    const start = own.slots[0]!.slots[0]!.start;
    const answer = await postJson(updateGroupSelection, db, {
      email,
      name: "Nora",
      selectedTherapist: "Chiamata conoscitiva",
      groupId: own.groupId,
      NoraCallRequested: true,
      adult: true,
      NoraPhone: "333 000 2222",
      callSlot: start,
      token,
    });
    expect(answer.status).toBe(201);
    const [call] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, email));
    expect(call).toMatchObject({ therapistId: late.id, status: "booked" });
  });
});
