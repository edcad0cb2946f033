import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionInfo } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { emailOutbox, groupBookings, groupSessions, jobs, sessionReminders } from "../../app/server/db/schema";
import { publicBaseUrl } from "../../app/server/env.server";
import { enqueueJobs, runDueJobs } from "../../app/server/jobs.server";
import { queueSessionReminders, REMINDERS_JOB, scheduleRemindersJob } from "../../app/server/services/reminders.server";
import { announceAbsence, cancelSession } from "../../app/server/services/sessions.server";
import { testDatabase } from "./database";
import { queuedMail, signedInStaff, therapistWithGroup } from "./helpers";

const VIDEO = "https://meet.example.com/promemoria-gruppo-7";
const HOUR = 3_600_000;
let db: Database;
let staff: SessionInfo;
let counter = 0;

async function groupWithSession(startsAt: Date, videoUrl: string | null = VIDEO) {
  counter += 1;
  const { group } = await therapistWithGroup(
    db,
    { name: `Dott.ssa Promemoria ${counter}` },
    { name: `Promemoria ${counter}`, topic: "Tema", weekday: 1, timeSlot: "Sera", startTime: "19:00", startsOn: "2026-01-05", videoUrl },
  );
  const [session] = await db
    .insert(groupSessions)
    .values({ groupId: group.id, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })
    .returning();
  return { group: group!, session: session! };
}

async function booking(groupId: string, email: string, status: "confirmed" | "requested" | "cancelled" | "moved" = "confirmed") {
  const [row] = await db
    .insert(groupBookings)
    .values({ groupId, email, name: email.split("@")[0], status })
    .returning();
  return row!;
}

const remindersTo = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, "session-reminder")));

/** Runs the registered reminder job the way the jobs worker does. */
async function runReminderJob() {
  await enqueueJobs(db, [{ type: REMINDERS_JOB }]);
  await runDueJobs(db);
}

beforeAll(async () => {
  db = await testDatabase();
  ({ session: staff } = await signedInStaff(db, "staff-promemoria@example.com"));
});

describe("session reminders", () => {
  it("the job queues one reminder per confirmed member of a session starting within 24 hours, and none when run again", async () => {
    const { group, session } = await groupWithSession(new Date(Date.now() + 20 * HOUR));
    const members = await Promise.all(["uno", "due", "tre"].map((name) => booking(group.id, `promemoria-${name}@example.com`)));
    await booking(group.id, "promemoria-richiesta@example.com", "requested");
    await booking(group.id, "promemoria-uscita@example.com", "cancelled");
    await booking(group.id, "promemoria-spostata@example.com", "moved");
    // A later meeting (beyond the 24 hours) is not reminded yet.
    const { group: later } = await groupWithSession(new Date(Date.now() + 30 * HOUR));
    await booking(later.id, "promemoria-dopo@example.com");

    await runReminderJob();
    for (const member of members) expect(await remindersTo(member.email)).toHaveLength(1);
    for (const email of ["promemoria-richiesta@example.com", "promemoria-uscita@example.com", "promemoria-spostata@example.com", "promemoria-dopo@example.com"]) {
      expect(await remindersTo(email)).toHaveLength(0);
    }
    expect(await db.select().from(sessionReminders).where(eq(sessionReminders.sessionId, session.id))).toHaveLength(3);

    // A second run, a restart, another instance at the same moment: nothing more.
    await runReminderJob();
    await Promise.all([queueSessionReminders(db), queueSessionReminders(db)]);
    for (const member of members) expect(await remindersTo(member.email)).toHaveLength(1);
  });

  it("sends nothing for a cancelled session", async () => {
    const { group, session } = await groupWithSession(new Date(Date.now() + 10 * HOUR));
    await booking(group.id, "promemoria-annullato@example.com");
    await cancelSession(db, staff, session.id, null);
    await runReminderJob();
    expect(await remindersTo("promemoria-annullato@example.com")).toHaveLength(0);
  });

  it("skips a member who announced an absence, reminds the others", async () => {
    const { group, session } = await groupWithSession(new Date(Date.now() + 12 * HOUR));
    const away = await booking(group.id, "promemoria-assente@example.com");
    await booking(group.id, "promemoria-presente@example.com");
    await db.transaction((tx) => announceAbsence(tx, away.id, session.id));
    await runReminderJob();
    expect(await remindersTo("promemoria-assente@example.com")).toHaveLength(0);
    expect(await remindersTo("promemoria-presente@example.com")).toHaveLength(1);
  });

  it("tells the Italian time, the video link and where to announce an absence", async () => {
    // Monday 4 February 2030, 19:00 in Italy (winter time, 18:00 UTC); the job runs the evening before.
    const { group, session } = await groupWithSession(new Date("2030-02-04T18:00:00Z"));
    await booking(group.id, "promemoria-testo@example.com");
    expect(await queueSessionReminders(db, new Date("2030-02-03T19:00:00Z"))).toBe(1);
    const mail = (await queuedMail(db)).find((row) => row.to === "promemoria-testo@example.com")!;
    expect(mail.subject).toBe(`Promemoria: ${group.name}, lunedì 4 febbraio 2030, 19:00-20:30`);
    expect(mail.text).toContain("lunedì 4 febbraio 2030, 19:00-20:30 (ora italiana)");
    expect(mail.html).toContain(`href="${VIDEO}"`);
    const link = `${publicBaseUrl()}/area-personale?sessione=${session.id}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    // 23 hours before, the 48-hour notice has passed: the e-mail says so and names the rule.
    expect(mail.text).toContain("Mancano meno di 48 ore: con il preavviso di 48 ore (Termini e condizioni) l'incontro resta dovuto");
  });

  it("says the link will come when the group has none yet", async () => {
    const { group } = await groupWithSession(new Date(Date.now() + 5 * HOUR), null);
    await booking(group.id, "promemoria-senza-link@example.com");
    await runReminderJob();
    const mail = (await queuedMail(db)).find((row) => row.to === "promemoria-senza-link@example.com")!;
    expect(mail.text).toContain("Il link della videochiamata ti arriverà dallo staff prima dell'incontro.");
  });

  it("schedules one run per quarter hour, however many instances start", async () => {
    const now = new Date("2031-05-05T10:07:00Z");
    await Promise.all([scheduleRemindersJob(db, now), scheduleRemindersJob(db, now)]);
    const rows = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${REMINDERS_JOB}:2031-05-05T10:15:00.000Z`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.toISOString()).toBe("2031-05-05T10:15:00.000Z");
  });
});
