import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as clientExportLoader } from "../../app/routes/client/data-export";
import { action as sessionAction, loader as sessionLoader } from "../../app/routes/therapist/session";
import { action as privacyAction, loader as privacyLoader } from "../../app/routes/admin/privacy";
import { auth } from "../../app/server/auth.server";
import { resetKeysForTests } from "../../app/server/crypto.server";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, careNoteAddenda, careNotes, groupBookings, groupSessions, therapists, user } from "../../app/server/db/schema";
import { reencryptAll } from "../../app/server/key-rotation.server";
import { erasePersonalData } from "../../app/server/services/privacy-requests.server";
import { testDatabase } from "./database";
import { cookieHeader, newGroup, newTherapist, signedInStaff, signedInStaffAndClient } from "./helpers";
import { answer, form, pageRequest, routeCaller, statusOf } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "198.51.100.77", cspNonce: "" }));

async function therapistAccount(name: string, email: string) {
  const therapist = await newTherapist(db, { name, email });
  await auth(db).api.signUpEmail({ body: { email, password: "password-terapeuta-1", name } });
  await db.update(user).set({ role: "therapist", emailVerified: true }).where(eq(user.email, email));
  const [account] = await db.select().from(user).where(eq(user.email, email));
  await db.update(therapists).set({ userId: account!.id }).where(eq(therapists.id, therapist.id));
  const response = await auth(db).api.signInEmail({ body: { email, password: "password-terapeuta-1" }, asResponse: true });
  return { therapist, cookie: cookieHeader(response) };
}

const status = statusOf;

const SECRET = "Marta ha parlato per la prima volta del lutto";
let alfa: Awaited<ReturnType<typeof therapistAccount>>;
let beta: Awaited<ReturnType<typeof therapistAccount>>;
let staffCookie: string;
let clientCookie: string;
let bookingId: string;
let recent: string;
let old: string;

const post = (cookie: string, sessionId: string, fields: Record<string, string>) =>
  call(sessionAction, pageRequest(`/terapeuta-area/incontri/${sessionId}`, { cookie, method: "POST", body: form(fields) }), { sessionId });
const page = async (cookie: string, sessionId: string) =>
  (await call(sessionLoader, pageRequest(`/terapeuta-area/incontri/${sessionId}`, { cookie }), { sessionId })) as {
    label: string;
    careNotes: {
      groupNote: { id: string; text: string; locked: boolean; signedBy: string | null; addenda: { text: string }[] } | null;
      members: { bookingId: string; note: { id: string; text: string } | null }[];
    };
  };

beforeAll(async () => {
  db = await testDatabase({ dataDir: "care-notes" });
  ({ staffCookie, clientCookie } = await signedInStaffAndClient(db));
  alfa = await therapistAccount("Dott.ssa Alfa", "alfa-note@example.com");
  beta = await therapistAccount("Dott. Beta", "beta-note@example.com");
  const group = await newGroup(db, alfa.therapist.id, { name: "Gruppo Note", startsOn: "2026-01-05" });
  const [booking] = await db.insert(groupBookings).values({ groupId: group.id, email: "utente@example.com", name: "Marta Bianchi", status: "confirmed" }).returning();
  bookingId = booking!.id;
  const hour = 3_600_000;
  const starts = new Date(Date.now() - 2 * hour);
  const [a] = await db
    .insert(groupSessions)
    .values({ groupId: group.id, startsAt: starts, endsAt: new Date(starts.getTime() + 1.5 * hour) })
    .returning();
  const oldStart = new Date(Date.now() - 100 * hour);
  const [b] = await db
    .insert(groupSessions)
    .values({ groupId: group.id, startsAt: oldStart, endsAt: new Date(oldStart.getTime() + 1.5 * hour) })
    .returning();
  recent = a!.id;
  old = b!.id;
});

describe("the clinical record", () => {
  it("the group's therapist writes a group note and a progress note; encrypted at rest; every read audited by id", async () => {
    const first = answer(await post(alfa.cookie, recent, { intent: "note-save", bookingId: "", text: "Gruppo sereno, tema della fiducia." }));
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ ok: true });
    expect(answer(await post(alfa.cookie, recent, { intent: "note-save", bookingId, text: SECRET })).body).toMatchObject({ ok: true });
    const view = await page(alfa.cookie, recent);
    expect(view.careNotes.groupNote?.text).toBe("Gruppo sereno, tema della fiducia.");
    expect(view.careNotes.members.find((row) => row.bookingId === bookingId)?.note?.text).toBe(SECRET);
    const raw = await db.execute<{ body: string }>(sql`select body::text as body from care_notes`);
    expect(raw.rows).toHaveLength(2);
    for (const row of raw.rows) expect(row.body).not.toContain("Marta");
    const reads = await db.select().from(auditLog).where(eq(auditLog.entity, "care_notes"));
    expect(reads.length).toBeGreaterThan(0);
    expect(JSON.stringify(reads)).not.toContain("lutto");
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain("lutto");
  });

  it("an empty note is refused on its field and nothing changes", async () => {
    const refused = answer(await post(alfa.cookie, recent, { intent: "note-save", bookingId, text: "   " }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Scrivi la nota.");
    expect((await page(alfa.cookie, recent)).careNotes.members.find((row) => row.bookingId === bookingId)?.note?.text).toBe(SECRET);
  });

  it("nobody else reads it: another therapist 404, staff and a client 403, anonymous to sign-in", async () => {
    expect(await status(page(beta.cookie, recent))).toBe(404);
    expect(await status(post(beta.cookie, recent, { intent: "note-save", bookingId: "", text: "intrusione" }))).toBe(404);
    expect(await status(page(staffCookie, recent))).toBe(403);
    expect(await status(page(clientCookie, recent))).toBe(403);
    expect(await status(page("", recent))).toBe(302);
    const [note] = await db.select().from(careNotes).where(eq(careNotes.bookingId, bookingId));
    expect(await status(post(beta.cookie, recent, { intent: "note-sign", noteId: note!.id }))).toBe(404);
  });

  it("signed, the note is locked (also in the database) and changes only by dated addenda", async () => {
    const group = (await page(alfa.cookie, recent)).careNotes.groupNote!;
    expect(answer(await post(alfa.cookie, recent, { intent: "note-sign", noteId: group.id })).body).toMatchObject({ ok: true });
    const rewrite = answer(await post(alfa.cookie, recent, { intent: "note-save", bookingId: "", text: "riscritta" }));
    expect(rewrite.status).toBe(409);
    await expect(db.update(careNotes).set({ signedAt: null }).where(eq(careNotes.id, group.id))).rejects.toThrow();
    await expect(db.delete(careNotes).where(eq(careNotes.id, group.id))).rejects.toThrow();
    expect(answer(await post(alfa.cookie, recent, { intent: "note-addendum", noteId: group.id, text: "Integrazione: aggiungo un dettaglio." })).body).toMatchObject({ ok: true });
    const after = (await page(alfa.cookie, recent)).careNotes.groupNote!;
    expect(after).toMatchObject({ text: "Gruppo sereno, tema della fiducia.", locked: true, signedBy: "author" });
    expect(after.addenda.map((row) => row.text)).toEqual(["Integrazione: aggiungo un dettaglio."]);
    await expect(db.update(careNoteAddenda).set({ createdAt: new Date(0) })).rejects.toThrow();
    await expect(db.delete(careNoteAddenda)).rejects.toThrow();
  });

  it("a past meeting's badge says «Svolto», not «In programma»; a future one still «In programma»", async () => {
    expect((await page(alfa.cookie, old)).label).toBe("Svolto");
    const [group] = await db.select({ id: groupSessions.groupId }).from(groupSessions).where(eq(groupSessions.id, old));
    const soon = new Date(Date.now() + 48 * 3_600_000);
    const [future] = await db
      .insert(groupSessions)
      .values({ groupId: group!.id, startsAt: soon, endsAt: new Date(soon.getTime() + 5_400_000) })
      .returning();
    expect((await page(alfa.cookie, future!.id)).label).toBe("In programma");
  });

  it("72 hours after the meeting a note is signed by itself", async () => {
    // Written by the database directly: a note of a meeting that ended more than 72 hours ago.
    const [note] = await db
      .insert(careNotes)
      .values({ sessionId: old, bookingId: null, therapistId: alfa.therapist.id, body: (await import("../../app/server/crypto.server")).seal({ text: "vecchia" }) })
      .returning();
    const view = (await page(alfa.cookie, old)).careNotes.groupNote!;
    expect(view).toMatchObject({ locked: true, signedBy: "auto" });
    expect(answer(await post(alfa.cookie, old, { intent: "note-save", bookingId: "", text: "modifica" })).status).toBe(409);
    await expect(db.update(careNotes).set({ updatedAt: new Date() }).where(eq(careNotes.id, note!.id))).rejects.toThrow();
  });

  it("the member's art. 15 export holds their own progress note, decrypted, and no group note", async () => {
    const response = (await call(clientExportLoader, pageRequest("/area-personale/dati/esporta", { cookie: clientCookie }))) as Response;
    const body = (await response.json()) as { progressNotes: { text: string }[] };
    expect(body.progressNotes.map((row) => row.text)).toEqual([SECRET]);
    expect(JSON.stringify(body)).not.toContain("fiducia");
  });

  it("keys:rotate re-encrypts the notes, signed ones included", async () => {
    const before = await db.execute<{ kid: string }>(sql`select body->>'kid' as kid from care_notes union all select body->>'kid' from care_note_addenda`);
    const oldKey = fs.readFileSync(path.join(process.env.DATA_DIR!, ".data-encryption-key"), "utf8");
    process.env.DATA_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    process.env.DATA_ENCRYPTION_KEYS_PREVIOUS = oldKey;
    resetKeysForTests();
    try {
      expect(await reencryptAll(db)).toBeGreaterThanOrEqual(before.rows.length);
      const after = await db.execute<{ kid: string }>(sql`select body->>'kid' as kid from care_notes union all select body->>'kid' from care_note_addenda`);
      expect(new Set(after.rows.map((row) => row.kid)).size).toBe(1);
      expect(after.rows[0]!.kid).not.toBe(before.rows[0]!.kid);
      delete process.env.DATA_ENCRYPTION_KEYS_PREVIOUS;
      resetKeysForTests();
      expect((await page(alfa.cookie, recent)).careNotes.members.find((row) => row.bookingId === bookingId)?.note?.text).toBe(SECRET);
    } finally {
      delete process.env.DATA_ENCRYPTION_KEYS_PREVIOUS;
    }
  });

  it("an erasure within the retention period is refused with the conflict, and the request stays recorded", async () => {
    const staff = await signedInStaff(db, "staff@example.com");
    await expect(erasePersonalData(db, staff.session, "utente@example.com")).rejects.toThrow(/Non cancellabile fino al .*diario clinico/);
    expect(await db.select().from(careNotes).where(eq(careNotes.bookingId, bookingId))).toHaveLength(1);
    expect(await db.select().from(groupBookings).where(eq(groupBookings.id, bookingId))).toHaveLength(1);
  });

  it("the staff privacy page shows the conflict, why and until when, before anyone presses erase; the note's text nowhere", async () => {
    for (const email of ["utente@example.com", "senza-note@example.com"])
      expect(
        answer(await call(privacyAction, pageRequest("/admin/privacy", { cookie: staffCookie, method: "POST", body: form({ intent: "open", email, type: "erasure" }) }))).body,
      ).toMatchObject({
        ok: true,
      });
    type Loaded = { requests: { email: string; status: string; heldUntil: string | null }[]; heldUntil?: string | null };
    const list = (query = "") => call<Loaded>(privacyLoader, pageRequest(`/admin/privacy${query}`, { cookie: staffCookie }));
    const lastMeeting = new Date(Date.now() - 2 * 3_600_000 + 1.5 * 3_600_000);
    const until = new Date(lastMeeting);
    until.setUTCFullYear(until.getUTCFullYear() + 5);
    const expected = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(until);

    const listed = await list();
    const held = listed.requests.find((row) => row.email === "utente@example.com" && row.status === "open");
    expect(held?.heldUntil).toBe(expected);
    expect(listed.requests.find((row) => row.email === "senza-note@example.com")?.heldUntil).toBeNull();
    const looked = await list("?email=utente@example.com");
    expect(looked.heldUntil).toBe(expected);
    expect((await list("?email=senza-note@example.com")).heldUntil).toBeNull();
    expect(JSON.stringify([listed, looked])).not.toContain("lutto");
    // Nobody but staff reads the list.
    expect(await status(call(privacyLoader, pageRequest("/admin/privacy", { cookie: clientCookie })))).toBe(403);
    expect(await status(call(privacyLoader, pageRequest("/admin/privacy", { cookie: alfa.cookie })))).toBe(403);
  });
});
