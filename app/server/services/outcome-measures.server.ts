import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  cleanAnswers,
  measureQuestions,
  needsSafetyCheck,
  nextPendingStep,
  OUTCOME_CONSENT_VERSION,
  outcomePaths,
  QUESTION_COUNT,
  scoreAnswers,
  unansweredQuestions,
  type MeasureAnswers,
  type OutcomeConsentState,
  type OutcomeOccasion,
} from "~/domain/outcome-measures";
import { audit } from "../audit.server";
import { seal, unseal } from "../crypto.server";
import type { Database } from "../db/client.server";
import { auditLog, groupBookings, groups, intakeCalls, outcomeAdministrations, outcomeConsents } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import type { ClientIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { OutcomeInvitationEmail } from "../mail/outcome-templates";
import { notTheirs } from "./client-area.server";
import { raiseSafetyAlert } from "./safety-alerts.server";

/**
 * The outcome measures (issue 33 points 1-3, docs/features/outcomes.md): the person's consent, the
 * periodic job that decides what is due and sends the invitation and at most two reminders, and the
 * answers (a draft kept server-side, sealed; the totals in clear once completed). Every step is
 * audited: the person's by their session, the job's as "sistema".
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What the job does, in the audit log (no actor: the system did it). */
async function auditSystem(executor: Pick<Database, "insert">, action: string, entityId: string, detail: Record<string, unknown>) {
  await executor.insert(auditLog).values({ actorId: null, actorEmail: "sistema", action, entity: "outcome_administration", entityId, detail });
}

/* ------------------------------------------------------------------------------------------------
 * Consent
 * ---------------------------------------------------------------------------------------------- */

/** Where the consent of an address stands: a grant in force, a refusal (the last decision declined or withdrawn), or none yet. */
export async function consentState(executor: Pick<Database, "select">, email: string): Promise<{ state: OutcomeConsentState; grantedAt: Date | null }> {
  const [last] = await executor
    .select({ decision: outcomeConsents.decision, decidedAt: outcomeConsents.decidedAt, withdrawnAt: outcomeConsents.withdrawnAt })
    .from(outcomeConsents)
    .where(eq(outcomeConsents.email, email.toLowerCase()))
    .orderBy(desc(outcomeConsents.decidedAt))
    .limit(1);
  if (!last) return { state: "none", grantedAt: null };
  if (last.decision === "granted" && !last.withdrawnAt) return { state: "granted", grantedAt: last.decidedAt };
  return { state: "refused", grantedAt: null };
}

/** The SQL condition "this address has a consent in force" (for the job's queries). */
const consentInForce = (email: unknown) => sql`exists (select 1 from ${outcomeConsents} c where c.email = lower(${email}) and c.decision = 'granted' and c.withdrawn_at is null)`;
/** The SQL condition "this address never answered the consent question". */
const neverAsked = (email: unknown) => sql`not exists (select 1 from ${outcomeConsents} c where c.email = lower(${email}))`;

/** Cancels the person's questionnaires still waiting (a refusal or a withdrawal): nothing more is asked or sent. */
async function cancelPending(tx: Tx, client: ClientIdentity) {
  const ids = client.bookings.map((booking) => booking.id);
  if (ids.length === 0) return 0;
  const cancelled = await tx
    .update(outcomeAdministrations)
    .set({ status: "cancelled", answers: null, updatedAt: new Date() })
    .where(and(inArray(outcomeAdministrations.bookingId, ids), eq(outcomeAdministrations.status, "pending")))
    .returning({ id: outcomeAdministrations.id });
  return cancelled.length;
}

/**
 * The person's decision on the consent screen: a grant (recorded with the text's version; a second
 * one while in force changes nothing), a refusal, or the withdrawal of a grant in force. A refusal and
 * a withdrawal cancel the questionnaires still waiting, drafts included. Audited.
 */
export async function decideConsent(db: Database, client: ClientIdentity, decision: "granted" | "declined" | "withdrawn") {
  const email = client.user.email;
  return db.transaction(async (tx) => {
    // One decision at a time per address: the in-force index would refuse a double grant anyway.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outcome-consent:${email}`}))`);
    const current = await consentState(tx, email);
    if (decision === "granted") {
      if (current.state === "granted") return { changed: false };
      const [row] = await tx.insert(outcomeConsents).values({ email, decision: "granted", textVersion: OUTCOME_CONSENT_VERSION }).returning({ id: outcomeConsents.id });
      // An intake questionnaire cancelled by an earlier refusal opens again while no meeting was attended.
      const ids = client.bookings.map((booking) => booking.id);
      if (ids.length > 0) {
        await tx.execute(sql`
          update ${outcomeAdministrations} o set status = 'pending', updated_at = now()
          where o.booking_id in ${ids} and o.status = 'cancelled' and o.occasion = 'intake'
            and not exists (select 1 from attendance a where a.booking_id = o.booking_id and a.status = 'present')`);
      }
      await audit(tx, client.session, { action: "create", entity: "outcome_consent", entityId: row!.id, detail: { decision, textVersion: OUTCOME_CONSENT_VERSION } });
      return { changed: true };
    }
    if (decision === "withdrawn") {
      if (current.state !== "granted") throw new HttpError(409, "Non c'è un consenso da ritirare: non ti chiediamo e non ti inviamo nessun questionario.");
      const [row] = await tx
        .update(outcomeConsents)
        .set({ withdrawnAt: new Date() })
        .where(and(eq(outcomeConsents.email, email), eq(outcomeConsents.decision, "granted"), isNull(outcomeConsents.withdrawnAt)))
        .returning({ id: outcomeConsents.id });
      const cancelled = await cancelPending(tx, client);
      await audit(tx, client.session, { action: "update", entity: "outcome_consent", entityId: row!.id, detail: { decision, cancelled } });
      return { changed: true };
    }
    if (current.state === "granted") throw new HttpError(409, "Hai già dato il consenso: se vuoi, puoi ritirarlo.");
    const [row] = await tx.insert(outcomeConsents).values({ email, decision: "declined", textVersion: OUTCOME_CONSENT_VERSION }).returning({ id: outcomeConsents.id });
    const cancelled = await cancelPending(tx, client);
    await audit(tx, client.session, { action: "create", entity: "outcome_consent", entityId: row!.id, detail: { decision, textVersion: OUTCOME_CONSENT_VERSION, cancelled } });
    return { changed: true };
  });
}

/* ------------------------------------------------------------------------------------------------
 * What is due (the periodic job)
 * ---------------------------------------------------------------------------------------------- */

/** A path that ended this long ago no longer gets its end questionnaire (the feature's start finds old ones). */
const END_WITHIN_DAYS = 30;

/**
 * Creates the questionnaires that became due, from the state alone (so a rerun, a restart or a
 * second instance creates nothing twice: the unique indexes and ON CONFLICT DO NOTHING):
 * - intake: after the intake call's "suitable" outcome (either: the chosen group or another, seated or
 *   first on its waiting list), before the first attended meeting, unless the person refused; a confirmed
 *   booking with no intake call at all (placed by staff) is asked from its seat instead; one withdrawn by a
 *   correction opens again when a further correction makes the booking suitable again;
 * - periodic: a confirmed booking at 4, 8, 12... attended meetings (the latest milestone only);
 * - end: a booking that attended and then ended (cancelled, or its group closed) in the last 30 days.
 * Periodic and end questionnaires need a consent in force; the intake one asks for it. Returns how many.
 */
export async function createDueAdministrations(executor: Pick<Database, "execute">, now: Date = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const attended = sql`(select count(*) from attendance a where a.booking_id = b.id and a.status = 'present')`;
  const intakeDue = sql`${attended} = 0 and (${consentInForce(sql`b.email`)} or ${neverAsked(sql`b.email`)})
      and ((b.status in ('requested', 'confirmed') and exists (
             select 1 from ${intakeCalls} c where c.booking_id = b.id and c.outcome in ('suitable', 'suitable_other')))
        or (b.status = 'confirmed' and not exists (
             select 1 from ${intakeCalls} c where c.booking_id = b.id and c.status <> 'cancelled')))`;
  // An intake questionnaire withdrawn (a correction away from "suitable") is due again once the booking is:
  // the same row opens as new (the unique index keeps one intake row per booking), so it is sent again.
  // A refusal of the consent keeps it closed (the condition asks for a consent in force or no answer yet).
  const reopened = await executor.execute(sql`
    update ${outcomeAdministrations} o
    set status = 'pending', group_id = b.group_id, due_at = ${at}, sent_at = null, last_sent_at = null, reminders_sent = 0, answers = null, updated_at = ${at}
    from ${groupBookings} b
    where b.id = o.booking_id and o.occasion = 'intake' and o.status = 'cancelled' and ${intakeDue}`);
  const created = await executor.execute(sql`
    insert into ${outcomeAdministrations} (booking_id, group_id, occasion, after_meetings, due_at)
    select b.id, b.group_id, 'intake', 0, ${at} from ${groupBookings} b
    where ${intakeDue}
    union all
    select b.id, b.group_id, 'periodic', (${attended} / 4 * 4)::smallint, ${at} from ${groupBookings} b
    where b.status = 'confirmed' and ${attended} >= 4 and ${consentInForce(sql`b.email`)}
    union all
    select b.id, b.group_id, 'end', least(${attended}, 32767)::smallint, ${at} from ${groupBookings} b
    left join groups g on g.id = b.group_id
    where ((b.status = 'cancelled' and b.updated_at > ${at} - make_interval(days => ${END_WITHIN_DAYS}))
        or (b.status = 'confirmed' and g.status = 'closed'))
      and ${attended} > 0 and ${consentInForce(sql`b.email`)}
    on conflict do nothing`);
  // A newer questionnaire of the same booking replaces one still waiting: the person is asked once.
  await executor.execute(sql`
    update ${outcomeAdministrations} o set status = 'expired', updated_at = ${at}
    where o.status = 'pending' and exists (
      select 1 from ${outcomeAdministrations} newer
      where newer.booking_id = o.booking_id and newer.status = 'pending'
        and (newer.created_at, newer.after_meetings, newer.occasion = 'end') > (o.created_at, o.after_meetings, o.occasion = 'end'))`);
  return (created.rowCount ?? 0) + (reopened.rowCount ?? 0);
}

type PendingRow = {
  id: string;
  occasion: OutcomeOccasion;
  sent_at: Date | null;
  last_sent_at: Date | null;
  reminders_sent: number;
  email: string;
  name: string | null;
};

/**
 * One waiting questionnaire's next step, in its own transaction with the row locked (another instance
 * skips it): cancelled without consent (an intake one may ask for it while the person never answered),
 * invited, reminded (at most twice, three days apart), or closed a week after the last reminder.
 * Returns the e-mails queued (0 or 1).
 */
async function advance(tx: Tx, id: string, now: Date) {
  const locked = await tx.execute<PendingRow>(sql`
    select o.id, o.occasion, o.sent_at, o.last_sent_at, o.reminders_sent, b.email, b.name
    from ${outcomeAdministrations} o join ${groupBookings} b on b.id = o.booking_id
    where o.id = ${id} and o.status = 'pending' and o.due_at <= ${now.toISOString()}::timestamptz
    for update of o skip locked`);
  const row = locked.rows[0];
  if (!row) return 0;
  const sentAt = row.sent_at ? new Date(row.sent_at) : null;
  const lastSentAt = row.last_sent_at ? new Date(row.last_sent_at) : null;
  const { state } = await consentState(tx, row.email);
  if (state === "refused" || (state === "none" && row.occasion !== "intake")) {
    await tx.update(outcomeAdministrations).set({ status: "cancelled", answers: null, updatedAt: now }).where(eq(outcomeAdministrations.id, id));
    await auditSystem(tx, "cancel", id, { reason: "no consent" });
    return 0;
  }
  const step = nextPendingStep({ sentAt, lastSentAt, remindersSent: row.reminders_sent }, now);
  if (step.action === "wait") return 0;
  if (step.action === "expire") {
    await tx.update(outcomeAdministrations).set({ status: "expired", updatedAt: now }).where(eq(outcomeAdministrations.id, id));
    await auditSystem(tx, "expire", id, { remindersSent: row.reminders_sent });
    return 0;
  }
  const reminder = step.action === "remind" ? step.reminder : 0;
  await tx
    .update(outcomeAdministrations)
    .set({ sentAt: sentAt ?? now, lastSentAt: now, remindersSent: reminder, updatedAt: now })
    .where(eq(outcomeAdministrations.id, id));
  await enqueueEmails(tx, [
    {
      to: row.email,
      subject: reminder > 0 ? "Promemoria: il questionario di monitoraggio" : "Il questionario di monitoraggio: due minuti per il tuo percorso",
      template: reminder > 0 ? "outcome-reminder" : "outcome-invitation",
      body: emailBody(OutcomeInvitationEmail, { name: row.name, url: `${publicBaseUrl()}${outcomePaths.questionnaire(id)}`, reminder, askConsent: state === "none" }),
    },
  ]);
  await auditSystem(tx, reminder > 0 ? "remind" : "invite", id, { occasion: row.occasion, reminder });
  return 1;
}

/**
 * The periodic job's work: creates what became due, then advances every waiting questionnaire.
 * Safe to run any number of times on any number of instances. Returns the e-mails queued.
 */
export async function queueOutcomeMeasures(db: Database, now: Date = new Date()) {
  await db.transaction((tx) => createDueAdministrations(tx, now));
  const pending = await db
    .select({ id: outcomeAdministrations.id })
    .from(outcomeAdministrations)
    .where(and(eq(outcomeAdministrations.status, "pending"), sql`${outcomeAdministrations.dueAt} <= ${now.toISOString()}::timestamptz`));
  let queued = 0;
  for (const { id } of pending) queued += await db.transaction((tx) => advance(tx, id, now));
  return queued;
}

/* ------------------------------------------------------------------------------------------------
 * The person's questionnaires and answers
 * ---------------------------------------------------------------------------------------------- */

const administrationColumns = {
  id: outcomeAdministrations.id,
  bookingId: outcomeAdministrations.bookingId,
  occasion: outcomeAdministrations.occasion,
  status: outcomeAdministrations.status,
  dueAt: outcomeAdministrations.dueAt,
  answers: outcomeAdministrations.answers,
  completedAt: outcomeAdministrations.completedAt,
  phq9Total: outcomeAdministrations.phq9Total,
  gad7Total: outcomeAdministrations.gad7Total,
  safetyFlaggedAt: outcomeAdministrations.safetyFlaggedAt,
};

/** The person's questionnaires still waiting for answers, oldest first. */
export async function pendingAdministrations(db: Pick<Database, "select">, client: ClientIdentity) {
  const ids = client.bookings.map((booking) => booking.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select(administrationColumns)
    .from(outcomeAdministrations)
    .where(and(inArray(outcomeAdministrations.bookingId, ids), eq(outcomeAdministrations.status, "pending")))
    .orderBy(outcomeAdministrations.dueAt);
  return rows.map(({ answers, ...row }) => ({ ...row, answered: QUESTION_COUNT - unansweredQuestions(answers ? unseal<MeasureAnswers>(answers) : {}).length }));
}

/** One of the person's questionnaires with its answers so far (decrypted for them alone); 404 for anyone else's. */
export async function ownAdministration(db: Pick<Database, "select">, client: ClientIdentity, id: string) {
  const ids = client.bookings.map((booking) => booking.id);
  if (!/^[0-9a-f-]{36}$/i.test(id) || ids.length === 0) throw notTheirs();
  const [row] = await db
    .select(administrationColumns)
    .from(outcomeAdministrations)
    .where(and(eq(outcomeAdministrations.id, id), inArray(outcomeAdministrations.bookingId, ids)));
  if (!row) throw notTheirs();
  const { answers, ...rest } = row;
  return { ...rest, answers: answers ? cleanAnswers(unseal<MeasureAnswers>(answers)) : {} };
}

/**
 * Saves answers to one of the person's waiting questionnaires, in one transaction with the row locked:
 * merged into the sealed draft; with `complete`, every question must have an answer (else 400 naming
 * the first missing one) and the totals are stored with it. The first answer above 0 to PHQ-9 item 9
 * sets safety_flagged_at and raises the safety alert (once per questionnaire, draft or final). Needs a
 * consent in force. Audited (never the answers). Returns the answers and whether help must show.
 */
export async function saveAnswers(db: Database, client: ClientIdentity, id: string, input: Record<string, unknown>, { complete }: { complete: boolean }) {
  const own = await ownAdministration(db, client, id);
  return db.transaction(async (tx) => {
    const [row] = await tx.select(administrationColumns).from(outcomeAdministrations).where(eq(outcomeAdministrations.id, own.id)).for("update");
    if (!row || row.status !== "pending")
      throw new HttpError(409, row?.status === "completed" ? "Hai già inviato questo questionario: grazie!" : "Questo questionario non è più aperto.");
    if ((await consentState(tx, client.user.email)).state !== "granted") throw new HttpError(403, "Per rispondere serve il tuo consenso: lo trovi nella pagina del questionario.");
    const answers: MeasureAnswers = { ...(row.answers ? cleanAnswers(unseal<MeasureAnswers>(row.answers)) : {}), ...cleanAnswers(input) };
    const now = new Date();
    const safety = needsSafetyCheck(answers);
    const firstSignal = safety && !row.safetyFlaggedAt;
    let totals: ReturnType<typeof scoreAnswers> | null = null;
    if (complete) {
      const missing = unansweredQuestions(answers)[0];
      if (missing) {
        const position = measureQuestions.indexOf(missing) + 1;
        throw new HttpError(400, `Manca la risposta alla domanda ${position} di ${QUESTION_COUNT}.`, { [missing.key]: "Scegli una risposta." });
      }
      totals = scoreAnswers(answers);
    }
    await tx
      .update(outcomeAdministrations)
      .set({
        answers: seal(answers),
        updatedAt: now,
        ...(firstSignal ? { safetyFlaggedAt: now } : {}),
        ...(totals ? { status: "completed" as const, completedAt: now, phq9Total: totals.phq9, gad7Total: totals.gad7 } : {}),
      })
      .where(eq(outcomeAdministrations.id, row.id));
    await audit(tx, client.session, {
      action: complete ? "complete" : "update",
      entity: "outcome_administration",
      entityId: row.id,
      detail: { answered: QUESTION_COUNT - unansweredQuestions(answers).length, ...(firstSignal ? { safetyFlagged: true } : {}) },
    });
    if (firstSignal) {
      // One alert per questionnaire (its id is the source): to the group's therapist and staff, no clinical content.
      const [booking] = await tx
        .select({ therapistId: sql<string | null>`coalesce(${groups.therapistId}, ${groupBookings.therapistId})` })
        .from(groupBookings)
        .leftJoin(groups, eq(groups.id, groupBookings.groupId))
        .where(eq(groupBookings.id, row.bookingId));
      await raiseSafetyAlert(tx, { kind: "phq9_item9", bookingId: row.bookingId, therapistId: booking?.therapistId ?? null, sourceId: row.id, actor: client.session });
    }
    return { answers, safety, completed: Boolean(totals), totals };
  });
}
