import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { testFollowupAccess } from "~/content/test-followup";
import type { Database } from "../db/client.server";
import { emailOutbox, groupBookings, newsletterSubscribers, questionnaireResponses } from "../db/schema";
import { registerJob, type NewJob } from "../jobs.server";
import { FollowupEmail, followupSubject, type FollowupStep } from "../mail/booking-templates";
import { emailBody, enqueueEmails, type OutgoingEmail } from "../mail/outbox.server";
import { callPageUrl, groupsPageUrl } from "./bookings.server";
import { normalizeEmail } from "./groups.server";
import { tokenForAddress } from "./identity.server";
import { adminRefusal } from "../gates.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

/** Days after the questionnaire when the three follow-up e-mails go out (DESIGN.md section 7). */
const FOLLOWUP_DAYS = { 1: 1, 2: 3, 3: 7 } as const satisfies Record<FollowupStep, number>;
const FOLLOWUP_STEPS = [1, 2, 3] as const satisfies readonly FollowupStep[];
const FOLLOWUP_JOB = "followup.send";

const followupDedupeKey = (responseId: string, step: FollowupStep) => `followup:${responseId}:${step}`;

/** Schedules the three follow-ups of a questionnaire response; scheduling twice changes nothing. */
export function followupJobs(response: { id: string; createdAt: Date }): NewJob[] {
  return FOLLOWUP_STEPS.map((step) => ({
    type: FOLLOWUP_JOB,
    payload: { responseId: response.id, step },
    runAt: new Date(response.createdAt.getTime() + FOLLOWUP_DAYS[step] * 86_400_000),
    dedupeKey: followupDedupeKey(response.id, step),
  }));
}

/** The links carry a fresh access token: the e-mail goes to the address it proves. */
function followupEmail(step: FollowupStep, person: { email: string; name: string | null }, template: string, token: string): OutgoingEmail {
  return {
    to: person.email,
    subject: followupSubject(step),
    template,
    body: emailBody(FollowupEmail, {
      step,
      name: person.name,
      groupsUrl: groupsPageUrl(person.email, person.name, token),
      callUrl: callPageUrl(person.email, person.name, token),
    }),
  };
}

/** Why a follow-up is not sent: the person booked (or asked for a call), or left the newsletter. */
async function followupStopReason(tx: Pick<Database, "select">, email: string) {
  const [booking] = await tx
    .select({ id: groupBookings.id })
    .from(groupBookings)
    .where(and(eq(groupBookings.email, email), inArray(groupBookings.status, ["requested", "confirmed", "moved"])))
    .limit(1);
  if (booking) return "booked" as const;
  const [subscriber] = await tx.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (subscriber?.status === "unsubscribed") return "unsubscribed" as const;
  return undefined;
}

/**
 * Sends follow-up `step` of a response unless it should stop. Safe to run again after a crash:
 * a follow-up already queued for this response is not queued twice.
 */
async function sendFollowup(tx: Tx, responseId: string, step: FollowupStep) {
  const [response] = await tx
    .select({ email: questionnaireResponses.email, name: questionnaireResponses.name, createdAt: questionnaireResponses.createdAt })
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.id, responseId));
  if (!response) return "missing" as const;
  const email = normalizeEmail(response.email);
  const stop = await followupStopReason(tx, email);
  if (stop) return stop;
  const template = `followup-${step}`;
  const [queued] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, template), gte(emailOutbox.createdAt, response.createdAt)))
    .limit(1);
  if (queued) return "already-sent" as const;
  await enqueueEmails(tx, [followupEmail(step, { email, name: response.name }, template, await tokenForAddress(tx, email))]);
  return "sent" as const;
}

/**
 * /test-followup sends to any address, so only signed-in staff may: null for them, otherwise the
 * status requireAdmin gives (401 signed out, 403 not an admin) with the reason in Italian.
 */
export async function testFollowupRefusal(db: Database, request: Request): Promise<{ status: number; error: string } | null> {
  const refusal = await adminRefusal(db, request);
  return refusal && { status: refusal.status, error: refusal.status === 401 ? testFollowupAccess.signedOut : testFollowupAccess.notStaff };
}

/** /test-followup (staff only, see testFollowupRefusal): the three follow-ups, now, to any address. Returns how many were queued. */
export async function sendTestFollowups(tx: Tx, person: { email: string; name: string }) {
  const email = normalizeEmail(person.email);
  const token = await tokenForAddress(tx, email);
  const emails = FOLLOWUP_STEPS.map((step) => followupEmail(step, { email, name: person.name }, `followup-test-${step}`, token));
  await enqueueEmails(tx, emails);
  return emails.length;
}

registerJob(FOLLOWUP_JOB, async (db, payload) => {
  const responseId = typeof payload.responseId === "string" ? payload.responseId : undefined;
  const step = Number(payload.step);
  if (!responseId || !FOLLOWUP_STEPS.includes(step as FollowupStep)) return;
  await db.transaction(async (tx) => {
    // One follow-up at a time per response, so a retried job and a slow one never both send.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${responseId}))`);
    await sendFollowup(tx, responseId, step as FollowupStep);
  });
});
