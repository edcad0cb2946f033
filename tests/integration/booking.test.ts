import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { action as joinWaitlist } from "../../app/routes/api/waitlist";
import { action as testFollowupEmails } from "../../app/routes/api/test-followup-emails";
import { auth, createOrPromoteAdmin } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { emailOutbox, groupBookings, groups, groupWaitlist, jobs, newsletterSubscribers, questionnaireResponses } from "../../app/server/db/schema";
import { HttpError } from "../../app/server/http/errors.server";
import { runDueJobs } from "../../app/server/jobs.server";
import { cancelBooking, confirmBooking } from "../../app/server/services/admin-bookings.server";
import { versionOf } from "../../app/server/record-versions.server";
import { recommendedGroups } from "../../app/server/services/groups.server";
import { testDatabase } from "./database";
import { accessTokenFor, postJson, queuedMail, validAnswers, therapistWithGroup, cookieHeader, confirmedMembers, rowsWhere } from "./helpers";

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-booking-"));
});

let counter = 0;

/** The version an admin screen shows for a booking (the optimistic check of the staff actions). */
async function versionFor(db: Database, bookingId: string) {
  const [row] = await db
    .select({ version: versionOf(groupBookings.updatedAt) })
    .from(groupBookings)
    .where(eq(groupBookings.id, bookingId));
  return row!.version;
}

interface GroupSeed {
  therapist: string;
  name: string;
  timeSlot: "Mattina" | "Pomeriggio" | "Sera";
  weekday?: number;
  situations?: string[];
  confirmed?: number;
  status?: "open" | "full" | "closed";
}

/** A therapist with one group and `confirmed` participants (the template database holds no demo data). */
async function seedGroup(db: Database, seed: GroupSeed) {
  const { therapist, group } = await therapistWithGroup(
    db,
    { name: seed.therapist },
    {
      name: seed.name,
      topic: `Il gruppo ${seed.name}`,
      situations: seed.situations ?? ["sentirsi-soli"],
      weekday: seed.weekday ?? 2,
      timeSlot: seed.timeSlot,
      startTime: seed.timeSlot === "Sera" ? "20:00" : seed.timeSlot === "Pomeriggio" ? "17:00" : "10:00",
      ageMin: 25,
      ageMax: 35,
      status: seed.status ?? "open",
      startsOn: "2026-12-03",
    },
  );
  await confirmedMembers(db, group, seed.confirmed ?? 0, ++counter);
  return { therapist: therapist!, group: group! };
}

async function submit(db: Database, email: string, overrides: Record<string, unknown> = {}) {
  const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email, ...overrides });
  expect(result.status).toBe(201);
  return result.body.id as string;
}

const outboxOf = async (db: Database, to: string) => (await queuedMail(db)).filter((mail) => mail.to === to);
const withKey = (key: string) => ({ headers: { "Idempotency-Key": key } });

describe("group matching", () => {
  it("shows a 'Sera' person the evening group first and never a full group", async () => {
    const db = await testDatabase();
    await seedGroup(db, { therapist: "Paola Morning", name: "Mattine", timeSlot: "Mattina", situations: ["sentirsi-soli"] });
    const evening = await seedGroup(db, { therapist: "Sara Evening", name: "Serate", timeSlot: "Sera", situations: ["sentirsi-soli"], confirmed: 3 });
    const full = await seedGroup(db, { therapist: "Franca Full", name: "Completo", timeSlot: "Sera", situations: ["sentirsi-soli"], confirmed: 8, status: "full" });
    await submit(db, "sera@example.com");

    const { cards, hasResponse } = await recommendedGroups(db, "sera@example.com");
    expect(hasResponse).toBe(true);
    expect(cards[0]).toMatchObject({ groupId: evening.group.id, isRecommended: true, occupiedSpots: 3, totalSpots: 8, freeSpots: 5 });
    expect(cards[0]!.reasons).toContain("Stesso orario: Sera");
    // "Ogni martedì" (weekday 2) meets on a Tuesday, whatever weekday its start date is.
    expect(cards[0]!.schedule).toBe("Ogni martedì alle 20:00");
    expect(cards[0]!.startsOn).toMatch(/^martedì \d+ \p{L}+$/u);
    expect(cards[0]!.participants).toEqual(["A. · 26-35", "A. · 26-35", "A. · 26-35"]);
    expect(cards.map((card) => card.groupId)).not.toContain(full.group.id);
    expect(cards.slice(1).every((card) => !card.isRecommended)).toBe(true);

    const anonymous = await recommendedGroups(db, "nessuno@example.com");
    expect(anonymous.hasResponse).toBe(false);
    expect(anonymous.cards.map((card) => card.groupId)).not.toContain(full.group.id);
  });
});

describe("update-group-selection", () => {
  it("stores one booking request for a selection and queues the two e-mails", async () => {
    const db = await testDatabase();
    const { group, therapist } = await seedGroup(db, { therapist: "Laura Scelta", name: "Scelta", timeSlot: "Sera", confirmed: 2 });
    const responseId = await submit(db, "scelta@example.com");

    const first = await postJson(
      updateGroupSelection,
      db,
      { email: "scelta@example.com", selectedTherapist: "Laura Scelta", token: await accessTokenFor(db, "scelta@example.com") },
      withKey("select-key-0001"),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ groupId: group.id, created: true });
    const again = await postJson(
      updateGroupSelection,
      db,
      { email: "scelta@example.com", selectedTherapist: "Laura Scelta", groupId: group.id, token: await accessTokenFor(db, "scelta@example.com") },
      withKey("select-key-0002"),
    );
    expect(again.status).toBe(200);
    expect(again.body.bookingId).toBe(first.body.bookingId);

    const bookings = await db.select().from(groupBookings).where(eq(groupBookings.email, "scelta@example.com"));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ status: "requested", responseId, groupId: group.id, therapistId: therapist.id, name: "Giulia", ageBracket: "26-35" });
    const [response] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.id, responseId));
    expect(response?.selectedGroupTherapist).toBe("Laura Scelta");

    const toPerson = (await outboxOf(db, "scelta@example.com")).filter((mail) => mail.template.startsWith("booking"));
    expect(toPerson.map((mail) => mail.template)).toEqual(["booking-requested"]);
    expect(toPerson[0]?.html).toContain("Scelta");
    const staff = (await queuedMail(db)).filter((mail) => mail.template === "booking-staff" && mail.html.includes("scelta@example.com"));
    expect(staff).toHaveLength(1);
  });

  it("answers with the spec's messages: missing e-mail, unknown therapist, full group", async () => {
    const db = await testDatabase();
    const full = await seedGroup(db, { therapist: "Piena Davvero", name: "Pieno", timeSlot: "Mattina", confirmed: 8 });
    const missing = await postJson(updateGroupSelection, db, { selectedTherapist: "Piena Davvero" });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.email).toBe("Email necessaria per selezionare il gruppo.");
    const unknown = await postJson(updateGroupSelection, db, { email: "x@example.com", selectedTherapist: "Nessuno Così", token: await accessTokenFor(db, "x@example.com") });
    expect(unknown.status).toBe(404);
    const fullAnswer = await postJson(updateGroupSelection, db, {
      email: "x@example.com",
      selectedTherapist: "Piena Davvero",
      groupId: full.group.id,
      token: await accessTokenFor(db, "x@example.com"),
    });
    expect(fullAnswer.status).toBe(409);
    expect(fullAnswer.body.error).toBe("Il gruppo è al completo");
  });

  it("stores a call request's phone on the booking (the spec's {name}CallRequested / {name}Phone keys)", async () => {
    const db = await testDatabase();
    const { group } = await seedGroup(db, { therapist: "Chiara Chiamata", name: "Chiamate", timeSlot: "Sera" });
    await submit(db, "chiamata@example.com");
    await postJson(updateGroupSelection, db, {
      email: "chiamata@example.com",
      selectedTherapist: "Chiara Chiamata",
      groupId: group.id,
      token: await accessTokenFor(db, "chiamata@example.com"),
    });

    const empty = await postJson(updateGroupSelection, db, {
      email: "chiamata@example.com",
      selectedTherapist: "Chiara Chiamata",
      GiuliaCallRequested: true,
      adult: true,
      GiuliaPhone: "   ",
      token: await accessTokenFor(db, "chiamata@example.com"),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.phone).toBe("Inserisci il tuo numero di telefono");

    const call = await postJson(
      updateGroupSelection,
      db,
      {
        email: "chiamata@example.com",
        selectedTherapist: "Chiara Chiamata",
        GiuliaCallRequested: true,
        adult: true,
        GiuliaPhone: " 333 123 4567 ",
        token: await accessTokenFor(db, "chiamata@example.com"),
      },
      withKey("call-key-000001"),
    );
    expect(call.status).toBe(200);
    const bookings = await db.select().from(groupBookings).where(eq(groupBookings.email, "chiamata@example.com"));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ groupId: group.id, callRequested: true, phone: "333 123 4567", status: "requested" });
    const templates = (await queuedMail(db)).filter(
      (mail) => ["call-requested", "call-staff"].includes(mail.template) && (mail.to === "chiamata@example.com" || mail.html.includes("333 123 4567")),
    );
    expect(templates.map((mail) => mail.template).sort()).toEqual(["call-requested", "call-staff"]);
    const staffText = (template: string, to: string) => queuedMail(db).then((mails) => mails.find((mail) => mail.template === template && mail.text.includes(to))!.text);
    // "Richiesta da" names the person who asked, not the therapist they chose.
    expect(await staffText("call-staff", "chiamata@example.com")).toContain("Richiesta da: Giulia (chiamata@example.com)");
    expect(await staffText("call-staff", "chiamata@example.com")).toContain("Terapeuta scelto: Chiara Chiamata");

    const direct = await postJson(updateGroupSelection, db, {
      email: "diretta@example.com",
      selectedTherapist: "Chiamata conoscitiva",
      MarioCallRequested: true,
      adult: true,
      MarioPhone: "+39 02 1234567",
      token: await accessTokenFor(db, "diretta@example.com"),
    });
    expect(direct.status).toBe(200);
    const [directBooking] = await db.select().from(groupBookings).where(eq(groupBookings.email, "diretta@example.com"));
    expect(directBooking).toMatchObject({ groupId: null, callRequested: true, phone: "+39 02 1234567" });
    const directText = await staffText("call-staff", "diretta@example.com");
    expect(directText).toContain("Richiesta da: diretta@example.com");
    expect(directText).not.toContain("Chiamata conoscitiva");
  });
});

describe("capacity", () => {
  it("lets only one of two parallel confirmations take the last seat; the other gets 409", async () => {
    const db = await testDatabase();
    const { group, therapist } = await seedGroup(db, { therapist: "Ultimo Posto", name: "Ultimo", timeSlot: "Pomeriggio", confirmed: 7 });
    const requests = await db
      .insert(groupBookings)
      .values(["a", "b"].map((letter) => ({ groupId: group.id, therapistId: therapist.id, email: `ultimo-${letter}@example.com` })))
      .returning();

    const versions = await Promise.all(requests.map((request) => versionFor(db, request.id)));
    const outcomes = await Promise.allSettled(requests.map((request, index) => confirmBooking(db, request.id, versions[index]!)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(HttpError);
    expect(rejected.reason).toMatchObject({ status: 409, message: 'Il gruppo "Ultimo" è al completo (8 posti).' });

    const confirmed = await rowsWhere(db, groupBookings, { groupId: group.id, status: "confirmed" });
    expect(confirmed).toHaveLength(8);
    const [after] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(after?.status).toBe("full");
    await expect(db.insert(groupBookings).values({ groupId: group.id, therapistId: therapist.id, email: "nono@example.com", status: "confirmed" })).rejects.toThrow();
  });
});

describe("waitlist", () => {
  it("e-mails the first person waiting when a seat is freed, once", async () => {
    const db = await testDatabase();
    const { group } = await seedGroup(db, { therapist: "Lista Attesa", name: "Attesa", timeSlot: "Sera", confirmed: 8, status: "full" });
    expect((await postJson(joinWaitlist, db, { email: "prima@example.com", groupId: group.id, token: await accessTokenFor(db, "prima@example.com") })).status).toBe(201);
    expect((await postJson(joinWaitlist, db, { email: "prima@example.com", groupId: group.id, token: await accessTokenFor(db, "prima@example.com") })).status).toBe(200);
    expect((await postJson(joinWaitlist, db, { email: "seconda@example.com", token: await accessTokenFor(db, "seconda@example.com") })).status).toBe(201);

    const members = await rowsWhere(db, groupBookings, { groupId: group.id, status: "confirmed" });
    await cancelBooking(db, members[0]!.id, await versionFor(db, members[0]!.id));
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]?.status).toBe("open");
    await runDueJobs(db);
    await runDueJobs(db);

    const seatMails = () => db.select().from(emailOutbox).where(eq(emailOutbox.template, "waitlist-seat"));
    expect((await seatMails()).map((mail) => mail.to)).toEqual(["prima@example.com"]);
    expect((await seatMails())[0]?.subject).toBe("Si è liberato un posto nel gruppo Attesa");

    await db.execute(sql`update jobs set status = 'pending', run_at = now() where type = 'waitlist.seat-freed'`);
    await runDueJobs(db);
    expect((await seatMails()).map((mail) => mail.to)).toEqual(["prima@example.com"]);

    await cancelBooking(db, members[1]!.id, await versionFor(db, members[1]!.id));
    await runDueJobs(db);
    expect((await seatMails()).map((mail) => mail.to).sort()).toEqual(["prima@example.com", "seconda@example.com"]);
    const waiting = await db
      .select()
      .from(groupWaitlist)
      .where(sql`${groupWaitlist.notifiedAt} is null`);
    expect(waiting).toHaveLength(0);
  });
});

describe("follow-ups", () => {
  it("schedules three follow-ups at +1, +3 and +7 days and skips them once the person has booked", async () => {
    const db = await testDatabase();
    const { group } = await seedGroup(db, { therapist: "Segue Dopo", name: "Dopo", timeSlot: "Sera" });
    const responseId = await submit(db, "segui@example.com");
    const [response] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.id, responseId));
    const scheduled = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.dedupeKey} like ${`followup:${responseId}:%`}`)
      .orderBy(jobs.runAt);
    expect(scheduled.map((job) => job.dedupeKey)).toEqual([1, 2, 3].map((step) => `followup:${responseId}:${step}`));
    const day = 86_400_000;
    expect(scheduled.map((job) => (job.runAt.getTime() - response!.createdAt.getTime()) / day)).toEqual([1, 3, 7]);

    const created = response!.createdAt.getTime();
    await runDueJobs(db, new Date(created + 1.1 * day), 50);
    expect((await outboxOf(db, "segui@example.com")).map((mail) => mail.template)).toContain("followup-1");

    await postJson(updateGroupSelection, db, {
      email: "segui@example.com",
      selectedTherapist: "Segue Dopo",
      groupId: group.id,
      token: await accessTokenFor(db, "segui@example.com"),
    });
    await runDueJobs(db, new Date(created + 7.1 * day), 50);
    const templates = (await outboxOf(db, "segui@example.com")).map((mail) => mail.template);
    expect(templates.filter((template) => template.startsWith("followup-"))).toEqual(["followup-1"]);
    const finished = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.dedupeKey} like ${`followup:${responseId}:%`}`);
    expect(finished.every((job) => job.status === "done")).toBe(true);
  });

  it("skips follow-ups for someone who unsubscribed from the newsletter", async () => {
    const db = await testDatabase();
    const responseId = await submit(db, "disiscritta@example.com");
    await db
      .insert(newsletterSubscribers)
      .values({ email: "disiscritta@example.com", status: "unsubscribed", confirmToken: "tok-a-disiscritta", unsubscribeToken: "tok-b-disiscritta" });
    const [response] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.id, responseId));
    await runDueJobs(db, new Date(response!.createdAt.getTime() + 8 * 86_400_000), 50);
    const templates = (await outboxOf(db, "disiscritta@example.com")).map((mail) => mail.template);
    expect(templates.some((template) => template.startsWith("followup-"))).toBe(false);
  });

  it("test-followup-emails sends the three follow-ups now for signed-in staff and returns totalSent", async () => {
    const db = await testDatabase();
    await createOrPromoteAdmin(db, "staff-prova@example.com", "Ginepro-Tramonto-47-Vela");
    const signedIn = await auth(db).api.signInEmail({ body: { email: "staff-prova@example.com", password: "Ginepro-Tramonto-47-Vela" }, asResponse: true });
    const staff = { headers: { Cookie: cookieHeader(signedIn) } };
    const result = await postJson(testFollowupEmails, db, { email: "prova@example.com", name: "Prova" }, staff);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ totalSent: 3 });
    const templates = (await outboxOf(db, "prova@example.com")).map((mail) => mail.template).sort();
    expect(templates).toEqual(["followup-test-1", "followup-test-2", "followup-test-3"]);
    const missing = await postJson(testFollowupEmails, db, { email: "", name: "" }, staff);
    expect(missing.status).toBe(400);
  });
});
