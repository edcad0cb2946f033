import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bookCallSlotAction, loader as callSlotsLoader } from "../../app/routes/api/call-slots";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { loader as agendaLoader } from "../../app/routes/therapist/calls";
import { loader as callLoader } from "../../app/routes/therapist/call";
import type { Database } from "../../app/server/db/client.server";
import { auditLog, emailOutbox, intakeCalls } from "../../app/server/db/schema";
import { queueCallReminders } from "../../app/server/services/therapist-calls.server";
import type { CallSlotDay } from "../../app/domain/matching-types";
import { signedInClient } from "./client-session";
import { testDatabase } from "./database";
import { accessTokenFor, intakeTherapist, postJson, signedInTherapist, validAnswers, rowsWhere } from "./helpers";
import { pageRequest, routeCaller } from "./route-calls";

let db: Database;
const call = routeCaller(() => ({ db, clientIp: "127.0.0.1", cspNonce: "" }));
let annaCookie: string;
let brunoCookie: string;
let callId: string;
let annaId: string;
type Agenda = { calls: { id: string }[]; awaiting: { rows: { id: string; name: string }[]; total: number; page: number } };

beforeAll(async () => {
  db = await testDatabase({ dataDir: "agenda" });
  const anna = await intakeTherapist(db, { name: "Dott.ssa Anna", email: "anna-studio@example.com", callRoomUrl: "https://meet.example.com/anna" }, [[1080, 1140]]);
  const bruno = await intakeTherapist(db, { name: "Dott. Bruno", email: "bruno-studio@example.com" }, [[600, 630]]);
  annaId = anna.id;
  annaCookie = await signedInTherapist(db, anna.id, "anna@example.com");
  brunoCookie = await signedInTherapist(db, bruno.id, "bruno@example.com");
  expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email: "giulia@example.com" })).status).toBe(201);
  const response = await callSlotsLoader({ request: new Request("http://localhost/api/call-slots"), params: {}, context: { db } } as never);
  const days = ((await response.json()) as { days: CallSlotDay[] }).days;
  const evening = days[0]!.slots.find((slot) => slot.time === "18:00")!;
  const booked = await postJson(bookCallSlotAction, db, {
    email: "giulia@example.com",
    name: "Giulia",
    phone: "333 123 4567",
    adult: true,
    start: evening.start,
    token: await accessTokenFor(db, "giulia@example.com"),
  });
  expect(booked.status).toBe(201);
  callId = (booked.body.slot as { id: string }).id;
});

describe("the therapist's agenda of intake calls", () => {
  it("lists the therapist's own upcoming calls, never another's", async () => {
    const annas = (await call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: annaCookie }))) as { calls: { id: string; name: string; phone: string }[] };
    expect(annas.calls).toEqual([expect.objectContaining({ id: callId, name: "Giulia", phone: "333 123 4567" })]);
    const brunos = (await call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: brunoCookie }))) as { calls: unknown[] };
    expect(brunos.calls).toEqual([]);
  });

  it("lists the past calls still without an outcome apart, the therapist's own only, until the outcome is recorded", async () => {
    const startsAt = new Date(Date.now() - 2 * 86_400_000);
    const [past] = await db
      .insert(intakeCalls)
      .values({ therapistId: annaId, email: "piero@example.com", name: "Piero", phone: "333 000 1111", startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .returning({ id: intakeCalls.id });
    const annas = (await call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: annaCookie }))) as Agenda;
    expect(annas.awaiting).toEqual({ rows: [expect.objectContaining({ id: past!.id, name: "Piero" })], total: 1, page: 1 });
    expect(annas.calls.map((row) => row.id)).toEqual([callId]);
    expect(((await call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: brunoCookie }))) as Agenda).awaiting).toEqual({ rows: [], total: 0, page: 1 });
    await db.update(intakeCalls).set({ outcome: "no_show", riskLevel: "none", outcomeAt: new Date() }).where(eq(intakeCalls.id, past!.id));
    expect(((await call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: annaCookie }))) as Agenda).awaiting.total).toBe(0);
  });

  it("pages the calls awaiting an outcome by 20 (`?esiti=`), the latest first, with their total: every one reachable, none twice", async () => {
    const carla = await intakeTherapist(db, { name: "Dott.ssa Carla", email: "carla-studio@example.com" }, [[600, 630]]);
    const carlaCookie = await signedInTherapist(db, carla.id, "carla@example.com");
    const dayMs = 86_400_000;
    const calls = Array.from({ length: 45 }, (_, index) => {
      const startsAt = new Date(Date.now() - (index + 1) * dayMs);
      return {
        therapistId: carla.id,
        email: `persona${index}@example.com`,
        name: `Persona ${index + 1}`,
        phone: "333 000 2222",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      };
    });
    await db.insert(intakeCalls).values(calls);
    const agendaPage = async (query: string) => ((await call(agendaLoader, pageRequest(`/terapeuta-area/chiamate${query}`, { cookie: carlaCookie }))) as Agenda).awaiting;
    const first = await agendaPage("");
    expect({ total: first.total, page: first.page, shown: first.rows.length }).toEqual({ total: 45, page: 1, shown: 20 });
    expect(first.rows[0]!.name).toBe("Persona 1");
    const second = await agendaPage("?esiti=2");
    expect(second.rows.map((row) => row.name)).toEqual(Array.from({ length: 20 }, (_, index) => `Persona ${index + 21}`));
    const last = await agendaPage("?esiti=99");
    expect({ page: last.page, names: last.rows.map((row) => row.name) }).toEqual({ page: 3, names: ["Persona 41", "Persona 42", "Persona 43", "Persona 44", "Persona 45"] });
    expect(new Set([...first.rows, ...second.rows, ...last.rows].map((row) => row.id)).size).toBe(45);
  });

  it("opens the call with the person's questionnaire answers decrypted, and audits the read", async () => {
    const page = (await call(callLoader, pageRequest(`/terapeuta-area/chiamate/${callId}`, { cookie: annaCookie }), { callId })) as {
      answers: Record<string, unknown>;
      callRoomUrl: string;
    };
    expect(page.answers).toMatchObject({ current_situation_summary: validAnswers.current_situation_summary });
    expect(page.callRoomUrl).toBe("https://meet.example.com/anna");
    const reads = await rowsWhere(db, auditLog, { entity: "questionnaire_answers", actorEmail: "anna@example.com" });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.detail).toEqual({ intakeCallId: callId });
  });

  it("another therapist gets 404 for the call and nothing is audited; anonymous is sent to sign in; a client gets 403", async () => {
    const status = async (work: Promise<unknown>) => {
      try {
        await work;
        return 200;
      } catch (thrown) {
        return (thrown as Response).status;
      }
    };
    expect(await status(call(callLoader, pageRequest(`/terapeuta-area/chiamate/${callId}`, { cookie: brunoCookie }), { callId }))).toBe(404);
    expect(await db.select().from(auditLog).where(eq(auditLog.actorEmail, "bruno@example.com"))).toEqual([]);
    expect(await status(call(callLoader, pageRequest(`/terapeuta-area/chiamate/${callId}`), { callId }))).toBe(302);
    const clientCookie = await signedInClient(db, "giulia@example.com");
    expect(await status(call(callLoader, pageRequest(`/terapeuta-area/chiamate/${callId}`, { cookie: clientCookie }), { callId }))).toBe(403);
    expect(await status(call(agendaLoader, pageRequest("/terapeuta-area/chiamate", { cookie: clientCookie })))).toBe(403);
  });

  it("reminds both sides once, 24 hours before, with the video link", async () => {
    const [booked] = await db.select().from(intakeCalls).where(eq(intakeCalls.id, callId));
    const dayBefore = new Date(booked!.startsAt.getTime() - 24 * 3_600_000);
    expect(await queueCallReminders(db, new Date(dayBefore.getTime() - 60_000))).toBe(0);
    expect(await queueCallReminders(db, dayBefore)).toBe(1);
    expect(await queueCallReminders(db, new Date(dayBefore.getTime() + 15 * 60_000))).toBe(0);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "call-reminder"));
    expect(mail.map((row) => row.to)).toEqual(["giulia@example.com"]);
    expect(mail[0]!.html).toContain("https://meet.example.com/anna");
    const toTherapist = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "call-reminder-therapist"));
    expect(toTherapist.map((row) => row.to)).toEqual(["anna-studio@example.com"]);
    expect(toTherapist[0]!.html).not.toContain(validAnswers.current_situation_summary);
  });
});
