import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, jobs, newsletterSubscribers, questionnaireResponses } from "../../app/server/db/schema";
import { nextRunAt, purgeExpiredData, RETENTION_JOB, scheduleRetention } from "../../app/server/retention.server";
import { runDueJobs } from "../../app/server/jobs.server";
import { testDatabase } from "./database";

const day = 86_400_000;
const now = new Date("2031-06-15T10:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * day);

async function insertResponse(db: Awaited<ReturnType<typeof testDatabase>>, email: string, createdAt: Date) {
  await db.insert(questionnaireResponses).values({
    name: "X",
    email,
    age: "26-35",
    gender: "Donna",
    city: "Roma",
    answers: {},
    timePreference: "Sera",
    sourceDiscovery: "Instagram",
    newsletterSubscription: "no",
    privacyConsent: true,
    consentAt: createdAt,
    createdAt,
  });
}

describe("retention (fake clock)", () => {
  it("removes exactly what is over age: health data after 5 years, other data after 24 months, confirmed subscribers kept", async () => {
    const db = await testDatabase();
    await insertResponse(db, "old-health@example.com", ago(5 * 366));
    await insertResponse(db, "recent-health@example.com", ago(4 * 365));
    await db.insert(contacts).values([
      { name: "a", email: "old-contact@example.com", subject: "s", message: "m", createdAt: ago(25 * 31) },
      { name: "b", email: "new-contact@example.com", subject: "s", message: "m", createdAt: ago(23 * 30) },
    ]);
    await db.insert(newsletterSubscribers).values([
      { email: "confirmed@example.com", status: "confirmed", confirmToken: "t1", unsubscribeToken: "u1", createdAt: ago(4 * 365) },
      { email: "pending@example.com", status: "pending", confirmToken: "t2", unsubscribeToken: "u2", createdAt: ago(25 * 31) },
      { email: "gone@example.com", status: "unsubscribed", confirmToken: "t3", unsubscribeToken: "u3", createdAt: ago(4 * 365), unsubscribedAt: ago(25 * 31) },
      { email: "recently-gone@example.com", status: "unsubscribed", confirmToken: "t4", unsubscribeToken: "u4", createdAt: ago(4 * 365), unsubscribedAt: ago(30) },
    ]);

    const removed = await purgeExpiredData(db, now);
    expect(removed.internal_questionnaire_responses).toBe(1);
    expect(removed.contacts).toBe(1);
    expect(removed.newsletter_subscribers).toBe(2);

    const responses = await db.select({ email: questionnaireResponses.email }).from(questionnaireResponses);
    expect(responses.map((row) => row.email)).toEqual(["recent-health@example.com"]);
    const leftContacts = await db.select({ email: contacts.email }).from(contacts);
    expect(leftContacts.map((row) => row.email)).toEqual(["new-contact@example.com"]);
    const subscribers = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).orderBy(newsletterSubscribers.email);
    expect(subscribers.map((row) => row.email)).toEqual(["confirmed@example.com", "recently-gone@example.com"]);
  });

  it("runs daily as a job that schedules the next run once", async () => {
    const db = await testDatabase();
    expect(nextRunAt(new Date("2031-06-15T01:00:00Z")).toISOString()).toBe("2031-06-15T02:00:00.000Z");
    expect(nextRunAt(new Date("2031-06-15T02:00:00Z")).toISOString()).toBe("2031-06-16T02:00:00.000Z");
    await scheduleRetention(db, now);
    await scheduleRetention(db, now);
    const scheduled = await db.select().from(jobs).where(eq(jobs.type, RETENTION_JOB));
    expect(scheduled).toHaveLength(1);
    await db.execute(sql`update jobs set run_at = now() - interval '1 minute' where type = ${RETENTION_JOB}`);
    expect(await runDueJobs(db)).toBe(1);
    const after = await db.select().from(jobs).where(eq(jobs.type, RETENTION_JOB));
    expect(after.filter((job) => job.status === "done")).toHaveLength(1);
    expect(after.filter((job) => job.status === "pending")).toHaveLength(1);
  });
});
