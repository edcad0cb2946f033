import { and, asc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as groupsAdminAction } from "../../app/routes/admin/groups";
import { action as sessionAdminAction } from "../../app/routes/admin/session";
import { loader as sessionsAdminLoader } from "../../app/routes/admin/sessions";
import { action as inviteAction } from "../../app/routes/admin/therapist-invite";
import { loader as groupsApiLoader } from "../../app/routes/api/groups";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { loader as matchingLoader } from "../../app/routes/gruppi-matching";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as publicTherapistLoader } from "../../app/routes/terapeuta";
import { loader as therapistsLoader } from "../../app/routes/terapeuti";
import { loader as therapistGroupLoader } from "../../app/routes/therapist/group";
import { loader as therapistHomeLoader } from "../../app/routes/therapist/home";
import { loader as therapistMemberLoader } from "../../app/routes/therapist/member";
import { action as therapistSessionAction, loader as therapistSessionLoader } from "../../app/routes/therapist/session";
import { romeParts } from "../../app/domain/calendar";
import { owesFee } from "../../app/domain/sessions";
import { auth, createOrPromoteAdmin, getSession as authSession } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { attendance, auditLog, emailOutbox, groupBookings, groups, groupSessions, questionnaireResponses, therapists, user } from "../../app/server/db/schema";
import { addClosure, announceAbsence, cancelSession, materialiseSessions, moveSession, resyncGroupSessions } from "../../app/server/services/sessions.server";
import { testDatabase } from "./database";
import { accessTokenFor, postJson, validAnswers, newGroup as groupRow, newTherapist as therapistRow, cookieHeader, rowsWhere } from "./helpers";
import { answer, form, pageRequest, refusal, routeCaller, statusOf } from "./route-calls";

const VIDEO = "https://meet.example.com/segreto-video-link-42";
let db: Database;
let adminCookie: string;
let staff: NonNullable<Awaited<ReturnType<typeof authSession>>>;

const cookieOf = (response: Response) => cookieHeader(response);

async function signIn(email: string, password: string) {
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.ok, await response.clone().text()).toBe(true);
  return cookieOf(response);
}

const request = pageRequest;

const context = () => ({ db, clientIp: "198.51.100.31", cspNonce: "" });
const call = routeCaller(context);

const status = statusOf;

const newTherapist = (name: string, email: string | null = null) => therapistRow(db, { name, email });
const newGroup = (therapistId: string, values: Parameters<typeof groupRow>[2] = {}) => groupRow(db, therapistId, values);

async function member(groupId: string, email: string, name = "Giulia Rossi", responseId: string | null = null) {
  const [row] = await db.insert(groupBookings).values({ groupId, email, name, ageBracket: "26-35", status: "confirmed", responseId }).returning();
  return row!;
}

/** A start date three days from now: inside the rolling window whatever today is. */
const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const sessionsOf = (groupId: string) => db.select().from(groupSessions).where(eq(groupSessions.groupId, groupId)).orderBy(asc(groupSessions.startsAt));
const mailTo = (to: string, template: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template)));

beforeAll(async () => {
  db = await testDatabase({ dataDir: "sessions" });
  await createOrPromoteAdmin(db, "staff-sessioni@example.com", "password-molto-lunga");
  adminCookie = await signIn("staff-sessioni@example.com", "password-molto-lunga");
  staff = (await authSession(db, request("/admin", { cookie: adminCookie })))!;
});

describe("materialising the weekly sessions", () => {
  it("keeps a Monday 19:00 group at 19:00 Italian time across both daylight-saving changes of 2026", async () => {
    const therapist = await newTherapist("Dott.ssa Ora Legale");
    const spring = await newGroup(therapist.id, { name: "Primavera", startsOn: "2026-03-16" });
    const autumn = await newGroup(therapist.id, { name: "Autunno", startsOn: "2026-10-12" });
    await materialiseSessions(db, { groupId: spring.id, now: new Date("2026-03-10T10:00:00Z") });
    await materialiseSessions(db, { groupId: autumn.id, now: new Date("2026-10-05T10:00:00Z") });

    const springRows = await sessionsOf(spring.id);
    const autumnRows = await sessionsOf(autumn.id);
    for (const row of [...springRows, ...autumnRows]) {
      expect(romeParts(row.startsAt).time).toBe("19:00");
      expect(romeParts(row.endsAt).time).toBe("20:30");
      expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(90 * 60_000);
    }
    // 23 March is winter time (UTC+1), 30 March summer time (UTC+2): the instant moves, the wall clock does not.
    expect(springRows.slice(0, 3).map((row) => row.startsAt.toISOString())).toEqual(["2026-03-16T18:00:00.000Z", "2026-03-23T18:00:00.000Z", "2026-03-30T17:00:00.000Z"]);
    expect(autumnRows.slice(1, 3).map((row) => row.startsAt.toISOString())).toEqual(["2026-10-19T17:00:00.000Z", "2026-10-26T18:00:00.000Z"]);
    // From the start date up to eight weeks ahead, every Monday.
    expect(springRows.map((row) => romeParts(row.startsAt).date)[0]).toBe("2026-03-16");
    expect(springRows.every((row) => new Date(`${romeParts(row.startsAt).date}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(springRows.at(-1)!.startsAt.getTime()).toBeLessThanOrEqual(new Date("2026-05-06T00:00:00Z").getTime());
  });

  it("puts a Sunday morning group on the very days the clocks change at its Italian time", async () => {
    const therapist = await newTherapist("Dott. Domenica");
    const group = await newGroup(therapist.id, { name: "Domenica", weekday: 7, timeSlot: "Mattina", startTime: "10:00", startsOn: "2026-03-22" });
    await materialiseSessions(db, { groupId: group.id, now: new Date("2026-03-20T10:00:00Z") });
    const rows = await sessionsOf(group.id);
    expect(rows[1]!.startsAt.toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(romeParts(rows[1]!.startsAt)).toMatchObject({ date: "2026-03-29", time: "10:00" });
  });

  it("is idempotent, never recreates cancelled or moved sessions and skips closures", async () => {
    const therapist = await newTherapist("Dott. Finestra");
    const group = await newGroup(therapist.id, { name: "Finestra", startsOn: "2026-11-02" });
    const now = new Date("2026-11-01T09:00:00Z");
    const created = await materialiseSessions(db, { groupId: group.id, now });
    expect(created).toBe(8);
    expect(await materialiseSessions(db, { groupId: group.id, now })).toBe(0);

    await member(group.id, "membro-finestra@example.com", "Luca Bianchi");
    const [first, second] = await sessionsOf(group.id);
    await cancelSession(db, staff, first!.id, "Il terapeuta è malato.", now);
    await moveSession(db, staff, second!.id, { date: "2026-11-10", time: "18:30", note: null }, now);
    expect(await materialiseSessions(db, { groupId: group.id, now })).toBe(0);

    const closure = await addClosure(db, staff, { group_id: null, starts_on: "2026-12-21", ends_on: "2027-01-06", reason: "Vacanze di Natale" }, now);
    expect(closure.cancelled).toBe(1);
    const rows = await sessionsOf(group.id);
    const holiday = rows.filter((row) => romeParts(row.startsAt).date >= "2026-12-21" && romeParts(row.startsAt).date <= "2027-01-06");
    expect(holiday.map((row) => row.status)).toEqual(["cancelled"]);
    expect(await mailTo("membro-finestra@example.com", "session-cancelled")).toHaveLength(2);
    expect(await mailTo("membro-finestra@example.com", "session-moved")).toHaveLength(1);

    // Later the window moves on: the closed dates get nothing, the others are filled.
    await materialiseSessions(db, { groupId: group.id, now: new Date("2026-12-10T09:00:00Z") });
    const later = await sessionsOf(group.id);
    const inClosure = later.filter((row) => romeParts(row.startsAt).date >= "2026-12-21" && romeParts(row.startsAt).date <= "2027-01-06");
    expect(inClosure.map((row) => [romeParts(row.startsAt).date, row.status])).toEqual([["2026-12-21", "cancelled"]]);
    expect(later.some((row) => romeParts(row.startsAt).date === "2027-01-11")).toBe(true);
  });

  it("follows a group's new weekday after an edit through the admin form, keeping the sessions with records", async () => {
    const therapist = await newTherapist("Dott. Cambio");
    const group = await newGroup(therapist.id, { name: "Cambio", startsOn: soon() });
    await materialiseSessions(db, { groupId: group.id, now: new Date() });
    const before = await sessionsOf(group.id);
    expect(before.length).toBeGreaterThan(0);
    await db.update(groups).set({ weekday: 3, startTime: "18:00" }).where(eq(groups.id, group.id));
    await resyncGroupSessions(db, group.id);
    const after = await sessionsOf(group.id);
    expect(after.every((row) => new Date(`${romeParts(row.startsAt).date}T12:00:00Z`).getUTCDay() === 3 && romeParts(row.startsAt).time === "18:00")).toBe(true);
  });
});

describe("cancelling and moving a session", () => {
  it("e-mails every confirmed member, charges nobody, and refuses a second change", async () => {
    const therapist = await newTherapist("Dott.ssa Annulla");
    const group = await newGroup(therapist.id, { name: "Annulla", startsOn: "2030-02-04" });
    await member(group.id, "annulla-1@example.com", "Anna Verdi");
    await member(group.id, "annulla-2@example.com", "Marco Neri");
    await db.insert(groupBookings).values({ groupId: group.id, email: "richiesta@example.com", status: "requested" });
    await materialiseSessions(db, { groupId: group.id, now: new Date("2030-02-01T09:00:00Z") });
    const [first, second] = await sessionsOf(group.id);

    const cancelled = answer(
      await call(sessionAdminAction, request(`/admin/sessioni/${first!.id}`, { cookie: adminCookie, method: "POST", body: form({ intent: "cancel", note: "Festa" }) }), {
        sessionId: first!.id,
      }),
    );
    expect(cancelled.body).toMatchObject({ ok: true });
    const [mail] = await mailTo("annulla-1@example.com", "session-cancelled");
    expect(mail!.text).toContain("lunedì 4 febbraio 2030, 19:00-20:30");
    expect(mail!.text).toContain("Non ti verrà addebitato nulla");
    expect(await mailTo("annulla-2@example.com", "session-cancelled")).toHaveLength(1);
    expect(await mailTo("richiesta@example.com", "session-cancelled")).toHaveLength(0);
    const [row] = await db.select().from(groupSessions).where(eq(groupSessions.id, first!.id));
    expect(row!.status).toBe("cancelled");
    expect(owesFee(row!.status, "present")).toBe(false);
    const again = answer(
      await call(sessionAdminAction, request(`/admin/sessioni/${first!.id}`, { cookie: adminCookie, method: "POST", body: form({ intent: "cancel" }) }), {
        sessionId: first!.id,
      }),
    );
    expect(again.status).toBe(409);

    const moved = answer(
      await call(
        sessionAdminAction,
        request(`/admin/sessioni/${second!.id}`, { cookie: adminCookie, method: "POST", body: form({ intent: "move", date: "2030-02-13", time: "20:00", note: "" }) }),
        { sessionId: second!.id },
      ),
    );
    expect(moved.body).toMatchObject({ ok: true });
    const [old] = await db.select().from(groupSessions).where(eq(groupSessions.id, second!.id));
    expect(old!.status).toBe("moved");
    const [replacement] = await db.select().from(groupSessions).where(eq(groupSessions.id, old!.movedTo!));
    expect(romeParts(replacement!.startsAt)).toMatchObject({ date: "2030-02-13", time: "20:00" });
    const [movedMail] = await mailTo("annulla-2@example.com", "session-moved");
    expect(movedMail!.text).toContain("mercoledì 13 febbraio 2030, 20:00-21:30");

    const moveReplacement = async (date: string, time: string) =>
      answer(
        await call(
          sessionAdminAction,
          request(`/admin/sessioni/${replacement!.id}`, { cookie: adminCookie, method: "POST", body: form({ intent: "move", date, time, note: "" }) }),
          { sessionId: replacement!.id },
        ),
      );
    const clash = await moveReplacement("2030-02-18", "19:00");
    expect(clash.status).toBe(409);
    expect(refusal(clash.body).fieldErrors).toEqual({ date: "Il gruppo ha già un incontro a quell'ora." });

    // A time that is no time: refused on its field, before anything moves or anyone is e-mailed.
    const mailsBefore = (await mailTo("annulla-2@example.com", "session-moved")).length;
    const refused = await moveReplacement("2030-02-20", "25:00");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, intent: "move", error: "Incontro non spostato", description: "Controlla i campi evidenziati." });
    expect(refusal(refused.body)).toEqual({ fieldErrors: { time: "Orario non valido (HH:MM)." } });
    const [unmoved] = await db.select().from(groupSessions).where(eq(groupSessions.id, replacement!.id));
    expect(unmoved).toMatchObject({ status: "scheduled", movedTo: null });
    expect(await mailTo("annulla-2@example.com", "session-moved")).toHaveLength(mailsBefore);
  });

  it("tells the group's therapist too: at the therapist's e-mail, or their account's when the record has none", async () => {
    const withEmail = await newTherapist("Dott.ssa Avvisata", "avvisata@example.com");
    const withAccount = await newTherapist("Dott. Account");
    await db.insert(user).values({ id: "account-terapeuta-avvisi", email: "account-avvisi@example.com", name: "Dott. Account", role: "therapist" });
    await db.update(therapists).set({ userId: "account-terapeuta-avvisi" }).where(eq(therapists.id, withAccount.id));
    const first = await newGroup(withEmail.id, { name: "Avvisi Uno", startsOn: "2030-05-06" });
    const second = await newGroup(withAccount.id, { name: "Avvisi Due", startsOn: "2030-05-06" });
    await member(first.id, "avvisi-1@example.com", "Sara Blu");
    const now = new Date("2030-05-01T09:00:00Z");
    await materialiseSessions(db, { groupId: first.id, now });
    await materialiseSessions(db, { groupId: second.id, now });
    const [a1, a2] = await sessionsOf(first.id);
    await cancelSession(db, staff, a1!.id, null, now);
    await moveSession(db, staff, a2!.id, { date: "2030-05-15", time: "18:00", note: null }, now);
    await addClosure(db, staff, { group_id: second.id, starts_on: "2030-05-06", ends_on: "2030-05-13", reason: "Congresso" }, now);

    const [cancelled] = await mailTo("avvisata@example.com", "session-cancelled");
    expect(cancelled!.text).toContain("lunedì 6 maggio 2030, 19:00-20:30");
    expect(cancelled!.text).not.toContain("addebitato");
    const [moved] = await mailTo("avvisata@example.com", "session-moved");
    expect(moved!.text).toContain("mercoledì 15 maggio 2030, 18:00-19:30");
    const closed = await mailTo("account-avvisi@example.com", "session-cancelled");
    expect(closed).toHaveLength(1);
    expect(closed[0]!.text).toContain("Avvisi Due");
  });

  it("sends one message per closure to each person, naming every meeting it cancels", async () => {
    const therapist = await newTherapist("Dott.ssa Chiusura", "chiusura@example.com");
    const monday = await newGroup(therapist.id, { name: "Chiusura Lunedì", startsOn: "2030-07-01" });
    const thursday = await newGroup(therapist.id, { name: "Chiusura Giovedì", weekday: 4, startsOn: "2030-07-01" });
    await member(monday.id, "chiusura-1@example.com", "Elena Viola");
    await member(thursday.id, "chiusura-2@example.com", "Piero Rosa");
    await member(thursday.id, "chiusura-1@example.com", "Elena Viola");
    const now = new Date("2030-06-25T09:00:00Z");
    await materialiseSessions(db, { groupId: monday.id, now });
    await materialiseSessions(db, { groupId: thursday.id, now });
    const closure = await addClosure(db, staff, { group_id: null, starts_on: "2030-07-01", ends_on: "2030-07-14", reason: "Pausa estiva" }, now);
    expect(closure.cancelled).toBe(4);

    const both = await mailTo("chiusura-1@example.com", "session-cancelled");
    expect(both).toHaveLength(1);
    for (const when of ["lunedì 1 luglio 2030", "giovedì 4 luglio 2030", "lunedì 8 luglio 2030", "giovedì 11 luglio 2030"]) expect(both[0]!.text).toContain(when);
    const one = await mailTo("chiusura-2@example.com", "session-cancelled");
    expect(one).toHaveLength(1);
    expect(one[0]!.text).toContain("giovedì 4 luglio 2030");
    expect(one[0]!.text).toContain("giovedì 11 luglio 2030");
    expect(one[0]!.text).not.toContain("lunedì 1 luglio 2030");
    expect(one[0]!.text).toContain("Pausa estiva");
    const told = await mailTo("chiusura@example.com", "session-cancelled");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("lunedì 8 luglio 2030");
  });

  it("shows the week of sessions at /admin/sessioni, filterable by therapist", async () => {
    const therapist = await newTherapist("Dott. Settimana");
    const group = await newGroup(therapist.id, { name: "Settimanale", startsOn: "2030-03-04" });
    await materialiseSessions(db, { groupId: group.id, now: new Date("2030-03-01T09:00:00Z") });
    const week = (await call(sessionsAdminLoader, request(`/admin/sessioni?settimana=2030-03-06&terapeuta=${therapist.id}`, { cookie: adminCookie }))) as {
      monday: string;
      sessions: { groupName: string }[];
    };
    expect(week.monday).toBe("2030-03-04");
    expect(week.sessions.map((session) => session.groupName)).toEqual(["Settimanale"]);
    const empty = (await call(sessionsAdminLoader, request(`/admin/sessioni?settimana=2031-03-06&terapeuta=${therapist.id}`, { cookie: adminCookie }))) as {
      sessions: unknown[];
    };
    expect(empty.sessions).toEqual([]);
  });
});

describe("the notice period", () => {
  it("records an absence announced 48 hours or more before as notified, a later one as late; never downgrades", async () => {
    const therapist = await newTherapist("Dott. Preavviso");
    const group = await newGroup(therapist.id, { name: "Preavviso", startsOn: "2030-04-01" });
    const early = await member(group.id, "presto@example.com");
    const late = await member(group.id, "tardi@example.com");
    const exact = await member(group.id, "esatto@example.com");
    await materialiseSessions(db, { groupId: group.id, now: new Date("2030-03-25T09:00:00Z") });
    const [session] = await sessionsOf(group.id);
    const starts = session!.startsAt.getTime();
    const hours = (value: number) => new Date(starts - value * 3_600_000);

    expect(await announceAbsence(db, early.id, session!.id, hours(48.1))).toEqual({ status: "absent_notified", notified: true });
    expect(await announceAbsence(db, exact.id, session!.id, hours(48))).toEqual({ status: "absent_notified", notified: true });
    expect(await announceAbsence(db, late.id, session!.id, hours(47.9))).toEqual({ status: "absent_unnotified", notified: false });
    // Announcing again later keeps the timely announcement.
    expect(await announceAbsence(db, early.id, session!.id, hours(2))).toEqual({ status: "absent_notified", notified: true });

    const marks = await db.select().from(attendance).where(eq(attendance.sessionId, session!.id));
    expect(marks.every((mark) => mark.recordedBy === null && mark.announcedAt)).toBe(true);
    expect(owesFee("scheduled", "absent_notified")).toBe(false);
    expect(owesFee("scheduled", "absent_unnotified")).toBe(true);
    await expect(announceAbsence(db, early.id, session!.id, new Date(starts + 60_000))).rejects.toMatchObject({ status: 409 });
  });
});

describe("therapists", () => {
  let therapistA: typeof therapists.$inferSelect;
  let groupA: typeof groups.$inferSelect;
  let groupB: typeof groups.$inferSelect;
  let memberA: typeof groupBookings.$inferSelect;
  let memberB: typeof groupBookings.$inferSelect;
  let sessionA: string;
  let sessionB: string;
  let cookieA: string;

  beforeAll(async () => {
    therapistA = await newTherapist("Dott.ssa Alfa", "alfa@example.com");
    const therapistB = await newTherapist("Dott. Beta", "beta@example.com");
    groupA = await newGroup(therapistA.id, { name: "Gruppo Alfa", startsOn: "2026-01-05", videoUrl: VIDEO });
    groupB = await newGroup(therapistB.id, { name: "Gruppo Beta", startsOn: "2026-01-06", weekday: 2 });
    expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email: "membro-alfa@example.com" })).status).toBe(201);
    expect((await postJson(submitQuestionnaire, db, { ...validAnswers, email: "membro-beta@example.com" })).status).toBe(201);
    const [responseA] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "membro-alfa@example.com"));
    const [responseB] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "membro-beta@example.com"));
    memberA = await member(groupA.id, "membro-alfa@example.com", "Giulia Rossi", responseA!.id);
    memberB = await member(groupB.id, "membro-beta@example.com", "Paolo Gialli", responseB!.id);
    const past = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    await materialiseSessions(db, { groupId: groupA.id, from: past });
    await materialiseSessions(db, { groupId: groupB.id, from: past });
    sessionA = (await sessionsOf(groupA.id))[0]!.id;
    sessionB = (await sessionsOf(groupB.id))[0]!.id;

    // Staff invite therapist A: an account with the role therapist and a link to choose the password.
    const invited = answer(await call(inviteAction, request(`/admin/terapeuti/${therapistA.id}/invita`, { cookie: adminCookie, method: "POST" }), { id: therapistA.id }));
    expect(invited.body).toMatchObject({ ok: true });
    const [account] = await db.select().from(user).where(eq(user.email, "alfa@example.com"));
    expect(account!.role).toBe("therapist");
    const [linked] = await db.select().from(therapists).where(eq(therapists.id, therapistA.id));
    expect(linked!.userId).toBe(account!.id);
    const [mail] = await mailTo("alfa@example.com", "therapist-invitation");
    const link = /\/api\/auth\/reset-password\/([\w-]+)\?callbackURL=[^"\s]*update_password/.exec(mail!.html);
    expect(link).not.toBeNull();
    const reset = await auth(db).api.resetPassword({ body: { token: link![1]!, newPassword: "una-password-terapeuta-sicura" }, asResponse: true });
    expect(reset.ok).toBe(true);
    cookieA = await signIn("alfa@example.com", "una-password-terapeuta-sicura");

    // Therapist B has an account too.
    expect(answer(await call(inviteAction, request("/x", { cookie: adminCookie, method: "POST" }), { id: therapistB.id })).body).toMatchObject({ ok: true });
  });

  it("a signed-in therapist sees only their own groups, sessions and video link", async () => {
    const home = (await call(therapistHomeLoader, request("/terapeuta-area", { cookie: cookieA }))) as { groups: { name: string; videoUrl: string | null }[] };
    expect(home.groups.map((group) => group.name)).toEqual(["Gruppo Alfa"]);
    expect(home.groups[0]!.videoUrl).toBe(VIDEO);
    const group = (await call(therapistGroupLoader, request("/terapeuta-area", { cookie: cookieA }), { groupId: groupA.id })) as {
      members: { name: string; ageBracket: string }[];
    };
    expect(group.members).toEqual([expect.objectContaining({ name: "Giulia R.", ageBracket: "26-35" })]);
  });

  it("therapist A marks attendance in their own session; every read of answers is in the audit log", async () => {
    const saved = answer(
      await call(therapistSessionAction, request("/t", { cookie: cookieA, method: "POST", body: form({ intent: "attendance", [`mark:${memberA.id}`]: "present" }) }), {
        sessionId: sessionA,
      }),
    );
    expect(saved.body).toMatchObject({ ok: true });
    const [mark] = await rowsWhere(db, attendance, { sessionId: sessionA, bookingId: memberA.id });
    expect(mark!.status).toBe("present");

    const answers = (await call(therapistMemberLoader, request("/t", { cookie: cookieA }), { bookingId: memberA.id })) as { answers: Record<string, unknown> };
    expect(answers.answers).toMatchObject({ current_situations: validAnswers.current_situations });
    const reads = await rowsWhere(db, auditLog, { entity: "questionnaire_answers", entityId: memberA.id });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.actorEmail).toBe("alfa@example.com");
  });

  it("shows a past meeting of the group page as held («Svolto»), not as planned", async () => {
    const page = (await call(therapistGroupLoader, request("/terapeuta-area", { cookie: cookieA }), { groupId: groupA.id })) as {
      sessions: { id: string; startsAt: string | Date; label: string }[];
    };
    expect(page.sessions.find((session) => session.id === sessionA)!.label).toBe("Svolto");
    expect(page.sessions.filter((session) => new Date(session.startsAt) > new Date()).every((session) => session.label !== "Svolto")).toBe(true);
  });

  it("refuses an attendance sheet with an unknown status, naming the three, and keeps the saved mark", async () => {
    const refused = answer(
      await call(therapistSessionAction, request("/t", { cookie: cookieA, method: "POST", body: form({ intent: "attendance", [`mark:${memberA.id}`]: "late" }) }), {
        sessionId: sessionA,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, description: "Scegli una presenza tra Presente, Assente con preavviso, Assente senza preavviso." });
    const [mark] = await rowsWhere(db, attendance, { sessionId: sessionA, bookingId: memberA.id });
    expect(mark!.status).toBe("present");
  });

  it("charges nothing before a meeting starts: only «Assente con preavviso» is taken, the other marks are refused on their field", async () => {
    const ahead = (await sessionsOf(groupA.id)).filter((row) => row.status === "scheduled").at(-1)!;
    const mark = (cookie: string, route: typeof therapistSessionAction | typeof sessionAdminAction, status: string) =>
      call(route, request("/t", { cookie, method: "POST", body: form({ intent: "attendance", [`mark:${memberA.id}`]: status }) }), { sessionId: ahead.id });
    const message = "L'incontro non è ancora iniziato: per ora si può segnare solo «Assente con preavviso».";
    for (const status of ["absent_unnotified", "present"]) {
      const refused = answer(await mark(adminCookie, sessionAdminAction, status));
      expect(refused.status).toBe(409);
      expect(refusal(refused.body).fieldErrors).toEqual({ [`mark:${memberA.id}`]: message });
      expect(answer(await mark(cookieA, therapistSessionAction, status)).status).toBe(409);
    }
    expect(await db.select().from(attendance).where(eq(attendance.sessionId, ahead.id))).toEqual([]);
    expect(answer(await mark(cookieA, therapistSessionAction, "absent_notified")).body).toMatchObject({ ok: true });
    const [saved] = await db.select().from(attendance).where(eq(attendance.sessionId, ahead.id));
    expect(saved!.status).toBe("absent_notified");
    const sheet = (await call(therapistSessionLoader, request("/t", { cookie: cookieA }), { sessionId: ahead.id })) as { marks: string[] };
    expect(sheet.marks).toEqual(["absent_notified"]);
  });

  it("therapist A is refused therapist B's group, session, attendance, member and answers", async () => {
    expect(await status(call(therapistGroupLoader, request("/t", { cookie: cookieA }), { groupId: groupB.id }))).toBe(404);
    expect(await status(call(therapistSessionLoader, request("/t", { cookie: cookieA }), { sessionId: sessionB }))).toBe(404);
    expect(await status(call(therapistMemberLoader, request("/t", { cookie: cookieA }), { bookingId: memberB.id }))).toBe(404);
    const marking = answer(
      await call(therapistSessionAction, request("/t", { cookie: cookieA, method: "POST", body: form({ intent: "attendance", [`mark:${memberB.id}`]: "present" }) }), {
        sessionId: sessionB,
      }),
    );
    expect(marking.status).toBe(404);
    // Nor B's member through A's own session.
    const crossed = answer(
      await call(therapistSessionAction, request("/t", { cookie: cookieA, method: "POST", body: form({ intent: "attendance", [`mark:${memberB.id}`]: "present" }) }), {
        sessionId: sessionA,
      }),
    );
    expect(crossed.status).toBe(400);
    expect(await db.select().from(attendance).where(eq(attendance.bookingId, memberB.id))).toEqual([]);
    expect(await rowsWhere(db, auditLog, { entity: "questionnaire_answers", entityId: memberB.id })).toEqual([]);
  });

  it("shows the therapist a moved meeting with a link to its new date, and lists the new one even beyond the usual weeks", async () => {
    const future = (await sessionsOf(groupA.id)).find((row) => row.startsAt.getTime() > Date.now() + 86_400_000 && row.status === "scheduled")!;
    const target = new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10);
    const { id: newId } = await moveSession(db, staff, future.id, { date: target, time: "10:00", note: null });
    const page = (await call(therapistGroupLoader, request("/terapeuta-area", { cookie: cookieA }), { groupId: groupA.id })) as {
      sessions: { id: string; status: string; movedTo: { id: string; startsAt: string | Date } | null }[];
    };
    const old = page.sessions.find((session) => session.id === future.id)!;
    expect(old.status).toBe("moved");
    expect(old.movedTo).toMatchObject({ id: newId });
    expect(romeParts(new Date(old.movedTo!.startsAt))).toMatchObject({ date: target, time: "10:00" });
    expect(page.sessions.map((session) => session.id)).toContain(newId);
    const sheet = (await call(therapistSessionLoader, request("/t", { cookie: cookieA }), { sessionId: future.id })) as { movedTo: { id: string } | null };
    expect(sheet.movedTo).toMatchObject({ id: newId });
    expect(await mailTo("alfa@example.com", "session-moved")).toHaveLength(1);
  });

  it("the therapist area refuses anonymous visitors, staff and ordinary users", async () => {
    expect(await status(call(therapistHomeLoader, request("/terapeuta-area")))).toBe(302);
    expect(await status(call(therapistHomeLoader, request("/terapeuta-area", { cookie: adminCookie })))).toBe(403);
    expect(await status(call(therapistSessionAction, request("/t", { method: "POST", body: form({ intent: "attendance" }) }), { sessionId: sessionA }))).toBe(401);
  });

  it("never puts the video link on a public page or the public groups API", async () => {
    const token = await accessTokenFor(db, "membro-alfa@example.com");
    const pages = await Promise.all([
      call(homeLoader, request("/")),
      call(therapistsLoader, request("/terapeuti")),
      call(publicTherapistLoader, request(`/terapeuti/${therapistA.id}`), { id: therapistA.id }),
      // Every group (?mostra=1000): the page shows six at first.
      call(matchingLoader, request(`/gruppi-matching?token=${token}&mostra=1000`)),
      call(groupsApiLoader, request(`/api/groups?token=${token}`)),
    ]);
    for (const page of pages) {
      const text = page instanceof Response ? await page.text() : JSON.stringify(page);
      expect(text).not.toContain("segreto-video-link");
    }
    const matching = JSON.stringify(pages[3]);
    expect(matching).toContain("Gruppo Alfa");
  });

  it("staff set the video link in the group form: https only", async () => {
    const base = {
      intent: "create",
      name: "Con link",
      topic: "Tema",
      therapist_id: therapistA.id,
      weekday: "4",
      time_slot: "Sera",
      start_time: "19:30",
      age_min: "18",
      age_max: "99",
      capacity: "8",
      status: "open",
      starts_on: soon(),
    };
    const refused = answer(
      await call(groupsAdminAction, request("/admin/gruppi", { cookie: adminCookie, method: "POST", body: form({ ...base, video_url: "http://meet.example.com/x" }) })),
    );
    expect(refused.status).toBe(400);
    expect(refusal(refused.body).fieldErrors).toHaveProperty("video_url");
    const saved = answer(
      await call(groupsAdminAction, request("/admin/gruppi", { cookie: adminCookie, method: "POST", body: form({ ...base, video_url: "https://meet.example.com/con-link" }) })),
    );
    expect(saved.body).toMatchObject({ ok: true });
    const [row] = await db.select().from(groups).where(like(groups.name, "Con link"));
    expect(row!.videoUrl).toBe("https://meet.example.com/con-link");
    // Created through the form: its sessions exist at once.
    expect((await sessionsOf(row!.id)).length).toBeGreaterThan(0);
  });
});
