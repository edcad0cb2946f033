import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bookCallSlotAction } from "../../app/routes/api/call-slots";
import { action as callAction, loader as callLoader } from "../../app/routes/client/call";
import type { Database } from "../../app/server/db/client.server";
import { emailOutbox, intakeCalls } from "../../app/server/db/schema";
import { storage } from "../../app/server/storage.server";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { accessTokenFor, intakeTherapist, postJson, signedInStaff } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "127.0.0.1", cspNonce: "" }));
let therapistId: string;
let giuliaCookie: string;
let callId: string;

async function book(email: string, start: string) {
  const booked = await postJson(bookCallSlotAction, db, { email, name: email.split("@")[0], phone: "333 000 1111", adult: true, start, token: await accessTokenFor(db, email) });
  expect(booked.status).toBe(201);
  return (booked.body.slot as { id: string }).id;
}

const freeSlots = async () => (await callAvailability(db)).flatMap((day) => day.slots).filter((slot) => !slot.taken);
const post = (cookie: string | undefined, fields: Record<string, string>) => pageRequest("/area-personale/chiamata", { cookie, method: "POST", body: form(fields) });
const callRow = async (id: string) => (await db.select().from(intakeCalls).where(eq(intakeCalls.id, id)))[0]!;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "person-calls" });
  therapistId = (await intakeTherapist(db, { name: "Dott.ssa Sposta", email: "sposta@example.com" }, [[1080, 1260]])).id;
  callId = await book("giulia@example.com", (await freeSlots())[0]!.start);
  giuliaCookie = await signedInClient(db, "giulia@example.com");
});

describe("the person moves or cancels their own intake call", () => {
  it("moves it to another free time of the same therapist: both sides e-mailed with the updated .ics (SEQUENCE 1)", async () => {
    const page = (await call(callLoader, pageRequest("/area-personale/chiamata", { cookie: giuliaCookie }))) as {
      data: { calls: { id: string; changeable: boolean; days: { slots: { start: string; taken: boolean }[] }[] }[] };
    };
    const [mine] = page.data.calls;
    expect(mine).toMatchObject({ id: callId, changeable: true });
    const target = mine!.days[1]!.slots.find((slot) => !slot.taken)!;
    const moved = answer(await call(callAction, post(giuliaCookie, { intent: "move", callId, start: target.start })));
    expect(moved.status).toBe(200);
    expect(String(moved.body.done)).toMatch(/^Chiamata spostata a /);
    const row = await callRow(callId);
    expect(row).toMatchObject({ startsAt: new Date(target.start), sequence: 1, status: "booked", reminderQueuedAt: null, therapistId });

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "call-moved"));
    expect(mails.map((mail) => mail.to)).toEqual(["giulia@example.com"]);
    const toTherapist = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "call-moved-therapist"));
    expect(toTherapist.map((mail) => mail.to)).toEqual(["sposta@example.com"]);
    expect(mails[0]!.attachments[0]!.key).toBe(`calls/${callId}-1.ics`);
    const ics = (await storage().get("documents", `calls/${callId}-1.ics`))!.body.toString("utf8");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("METHOD:REQUEST");
  });

  it("refuses a time another person just took (409) and a time the therapist does not offer (400), changing nothing", async () => {
    const other = (await freeSlots())[0]!;
    await book("mario@example.com", other.start);
    const before = await callRow(callId);
    const taken = answer(await call(callAction, post(giuliaCookie, { intent: "move", callId, start: other.start })));
    expect(taken.status).toBe(409);
    expect(refusal(taken.body).error).toBe("Questo orario è appena stato preso: scegline un altro.");
    const morning = new Date(before.startsAt.getTime() - 9 * 3_600_000).toISOString();
    const notOffered = answer(await call(callAction, post(giuliaCookie, { intent: "move", callId, start: morning })));
    expect(notOffered.status).toBe(400);
    expect(refusal(notOffered.body).fieldErrors).toEqual({ start: "Scegli uno degli orari disponibili." });
    expect(await callRow(callId)).toMatchObject({ startsAt: before.startsAt, sequence: 1 });
  });

  it("someone else's call is a 404; within 12 hours of the start the change is refused with the reason", async () => {
    const [mario] = await db.select().from(intakeCalls).where(eq(intakeCalls.email, "mario@example.com"));
    const foreign = answer(await call(callAction, post(giuliaCookie, { intent: "cancel", callId: mario!.id })));
    expect(foreign.status).toBe(404);
    expect((await callRow(mario!.id)).status).toBe("booked");

    const soon = new Date(Date.now() + 6 * 3_600_000);
    const [late] = await db
      .insert(intakeCalls)
      .values({ therapistId, email: "giulia@example.com", phone: "333", startsAt: soon, endsAt: new Date(soon.getTime() + 30 * 60_000) })
      .returning();
    const refused = answer(await call(callAction, post(giuliaCookie, { intent: "cancel", callId: late!.id })));
    expect(refused.status).toBe(409);
    expect(refusal(refused.body).error).toBe("Mancano meno di 12 ore alla chiamata: per cambiarla rispondi all'email di conferma.");
    expect((await callRow(late!.id)).status).toBe("booked");
  });

  it("cancels it: the time is free again, both sides get a CANCEL .ics", async () => {
    const cancelled = answer(await call(callAction, post(giuliaCookie, { intent: "cancel", callId })));
    expect(cancelled.body.done).toBe("Chiamata annullata");
    const row = await callRow(callId);
    expect(row).toMatchObject({ status: "cancelled", sequence: 2 });
    expect((await callAvailability(db)).flatMap((day) => day.slots).find((slot) => slot.start === row.startsAt.toISOString())).toMatchObject({ taken: false });
    const ics = (await storage().get("documents", `calls/${callId}-2.ics`))!.body.toString("utf8");
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "call-cancelled-therapist"));
    expect(mails.map((mail) => mail.to)).toEqual(["sposta@example.com"]);
  });

  it("nobody else: anonymous → 401 (the page → sign-in), staff → 403", async () => {
    const status = async (work: Promise<unknown>) => {
      try {
        return answer(await work).status;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    expect(await status(call(callAction, post(undefined, { intent: "cancel", callId })))).toBe(401);
    expect(await status(call(callLoader, pageRequest("/area-personale/chiamata")))).toBe(302);
    const { cookie } = await signedInStaff(db, "staff@example.com");
    expect(await status(call(callAction, post(cookie, { intent: "cancel", callId })))).toBe(403);
  });
});
