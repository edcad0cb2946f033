import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as ownAction, loader as ownLoader } from "../../app/routes/therapist/availability";
import { action as staffAction, loader as staffLoader } from "../../app/routes/admin/therapist-availability";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, therapistAvailability, therapistAvailabilityExceptions, therapists } from "../../app/server/db/schema";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { newTherapist, signedInStaff, signedInTherapist, rowsWhere } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "127.0.0.1", cspNonce: "" }));
let anna: { id: string };
let bruno: { id: string };
let annaCookie: string;
let brunoCookie: string;
let staffCookie: string;

beforeAll(async () => {
  db = await testDatabase();
  anna = await newTherapist(db, { name: "Dott.ssa Anna" });
  bruno = await newTherapist(db, { name: "Dott. Bruno" });
  annaCookie = await signedInTherapist(db, anna.id, "anna@example.com");
  brunoCookie = await signedInTherapist(db, bruno.id, "bruno@example.com");
  ({ cookie: staffCookie } = await signedInStaff(db, "staff@example.com"));
});

const post = (cookie: string | undefined, fields: Record<string, string>) => pageRequest("/terapeuta-area/disponibilita", { cookie, method: "POST", body: form(fields) });
const windowsOf = (therapistId: string) => db.select().from(therapistAvailability).where(eq(therapistAvailability.therapistId, therapistId));
const status = async (work: Promise<unknown>) => {
  try {
    return answer(await work).status;
  } catch (thrown) {
    return (thrown as Response).status;
  }
};

describe("a therapist's availability for intake calls", () => {
  it("the therapist adds an evening window on their own screen, audited; it shows on reload", async () => {
    const added = answer(await call(ownAction, post(annaCookie, { intent: "add-window", weekday: "2", start: "18:00", end: "21:00" })));
    expect(added.status).toBe(200);
    expect(added.body.done).toBe("Fascia aggiunta");
    expect(await windowsOf(anna.id)).toMatchObject([{ weekday: 2, startMinute: 1080, endMinute: 1260 }]);
    const [entry] = await rowsWhere(db, auditLog, { entity: "therapist_availability", action: "create" });
    expect(entry).toMatchObject({ actorEmail: "anna@example.com", detail: { therapistId: anna.id, weekday: 2, start: "18:00", end: "21:00" } });
    const page = (await call(ownLoader, pageRequest("/terapeuta-area/disponibilita", { cookie: annaCookie }))) as { windows: unknown[] };
    expect(page.windows).toHaveLength(1);
  });

  it("refuses an end before the start and an overlapping window on their fields, writing nothing", async () => {
    const backwards = answer(await call(ownAction, post(annaCookie, { intent: "add-window", weekday: "3", start: "20:00", end: "19:00" })));
    expect(backwards.status).toBe(400);
    expect(refusal(backwards.body).fieldErrors).toEqual({ end: "L'ora di fine deve essere dopo l'ora di inizio." });
    const overlapping = answer(await call(ownAction, post(annaCookie, { intent: "add-window", weekday: "2", start: "20:30", end: "22:00" })));
    expect(overlapping.status).toBe(400);
    expect(refusal(overlapping.body).fieldErrors).toEqual({ start: "Si sovrappone alla fascia di martedì 18:00-21:00." });
    expect((backwards.body.result as { initialValue: Record<string, string> }).initialValue).toMatchObject({ start: "20:00", end: "19:00" });
    const badTime = answer(await call(ownAction, post(annaCookie, { intent: "add-window", weekday: "3", start: "7", end: "" })));
    expect(refusal(badTime.body).fieldErrors).toMatchObject({ start: "Scrivi un orario, per esempio 18:30." });
    expect(await windowsOf(anna.id)).toHaveLength(1);
  });

  it("adds a day off and one-off extra hours; extra hours need both times; a past date is refused", async () => {
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect(answer(await call(ownAction, post(annaCookie, { intent: "add-exception", onDate: future, kind: "off" }))).body.done).toBe("Giorno libero aggiunto");
    const missing = answer(await call(ownAction, post(annaCookie, { intent: "add-exception", onDate: future, kind: "extra", start: "19:00" })));
    expect(refusal(missing.body).fieldErrors).toEqual({ end: "Per le ore in più scrivi l'ora di fine." });
    expect(answer(await call(ownAction, post(annaCookie, { intent: "add-exception", onDate: future, kind: "extra", start: "19:00", end: "20:00" }))).status).toBe(200);
    const past = answer(await call(ownAction, post(annaCookie, { intent: "add-exception", onDate: "2020-01-01", kind: "off" })));
    expect(refusal(past.body).fieldErrors).toEqual({ onDate: "Scegli oggi o una data futura." });
    expect(await db.select().from(therapistAvailabilityExceptions).where(eq(therapistAvailabilityExceptions.therapistId, anna.id))).toHaveLength(2);
  });

  it("the video room must be an https address; an empty one goes back to the phone", async () => {
    const plain = answer(await call(ownAction, post(annaCookie, { intent: "room", callRoomUrl: "http://meet.example.com/anna" })));
    expect(refusal(plain.body).fieldErrors).toEqual({ callRoomUrl: "Scrivi un indirizzo completo che inizia con https://" });
    await call(ownAction, post(annaCookie, { intent: "room", callRoomUrl: "https://meet.example.com/anna" }));
    expect((await db.select().from(therapists).where(eq(therapists.id, anna.id)))[0]!.callRoomUrl).toBe("https://meet.example.com/anna");
    await call(ownAction, post(annaCookie, { intent: "room", callRoomUrl: "" }));
    expect((await db.select().from(therapists).where(eq(therapists.id, anna.id)))[0]!.callRoomUrl).toBeNull();
  });

  it("a therapist cannot remove another's window: 404, and it stays", async () => {
    const [annas] = await windowsOf(anna.id);
    const refused = answer(await call(ownAction, post(brunoCookie, { intent: "remove-window", id: annas!.id })));
    expect(refused.status).toBe(404);
    expect(await windowsOf(anna.id)).toHaveLength(1);
    const own = (await call(ownLoader, pageRequest("/terapeuta-area/disponibilita", { cookie: brunoCookie }))) as { windows: unknown[] };
    expect(own.windows).toEqual([]);
    expect(answer(await call(ownAction, post(annaCookie, { intent: "remove-window", id: annas!.id }))).body.done).toBe("Fascia tolta");
    expect(await windowsOf(anna.id)).toEqual([]);
  });

  it("staff edit any therapist's availability from the admin screen, audited as staff", async () => {
    const request = (fields: Record<string, string>) => pageRequest(`/admin/terapeuti/${bruno.id}/disponibilita`, { cookie: staffCookie, method: "POST", body: form(fields) });
    const added = answer(await call(staffAction, request({ intent: "add-window", weekday: "6", start: "09:30", end: "12:00" }), { id: bruno.id }));
    expect(added.body.done).toBe("Fascia aggiunta");
    expect(await windowsOf(bruno.id)).toMatchObject([{ weekday: 6, startMinute: 570, endMinute: 720 }]);
    const [entry] = await rowsWhere(db, auditLog, { entity: "therapist_availability", actorEmail: "staff@example.com" });
    expect(entry!.detail).toMatchObject({ therapistId: bruno.id });
    const page = (await call(staffLoader, pageRequest(`/admin/terapeuti/${bruno.id}/disponibilita`, { cookie: staffCookie }), { id: bruno.id })) as { name: string };
    expect(page.name).toBe("Dott. Bruno");
  });

  it("nobody else: anonymous → sign-in or 401, a client or a therapist on the staff screen → 403", async () => {
    const clientCookie = await signedInClient(db, "persona@example.com");
    const fields = { intent: "add-window", weekday: "1", start: "10:00", end: "11:00" };
    expect(await status(call(ownLoader, pageRequest("/terapeuta-area/disponibilita")))).toBe(302);
    expect(await status(call(ownAction, post(undefined, fields)))).toBe(401);
    expect(await status(call(ownAction, post(clientCookie, fields)))).toBe(403);
    expect(await status(call(ownLoader, pageRequest("/terapeuta-area/disponibilita", { cookie: staffCookie })))).toBe(403);
    const staffPath = `/admin/terapeuti/${anna.id}/disponibilita`;
    for (const cookie of [undefined, clientCookie, annaCookie]) {
      expect([401, 403]).toContain(await status(call(staffLoader, pageRequest(staffPath, { cookie }), { id: anna.id })));
      expect([401, 403]).toContain(await status(call(staffAction, pageRequest(staffPath, { cookie, method: "POST", body: form(fields) }), { id: anna.id })));
    }
    expect(await status(call(staffAction, pageRequest(staffPath, { cookie: annaCookie, method: "POST", body: form(fields) }), { id: anna.id }))).toBe(403);
    expect(await windowsOf(anna.id)).toEqual([]);
  });
});
