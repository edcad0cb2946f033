import { and, count, desc, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { THERAPIST_AREA } from "~/domain/sessions";
import { safetyAckSchema, safetyAlertKindLabels, SAFETY_ESCALATION_HOURS, type SafetyAlertKind } from "~/domain/safety";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database } from "../db/client.server";
import { auditLog, groupBookings, safetyAlerts, therapists, user } from "../db/schema";
import { env, publicBaseUrl } from "../env.server";
import type { TherapistIdentity } from "../gates.server";
import { HttpError } from "../http/errors.server";
import { actionOk, checkFields, staffAction, submissionRefused } from "../http/staff-action.server";
import { parseSubmission } from "../form-submission.server";
import { emailBody, enqueueEmails, type OutgoingEmail } from "../mail/outbox.server";
import { SafetyAlertEmail } from "../mail/safety-templates";

type Tx = Pick<Database, "insert" | "select" | "execute">;

/** Where staff read and acknowledge alerts. */
export const ADMIN_ALERTS_PATH = "/admin/segnalazioni";
/** Where a therapist reads and acknowledges their own. */
export const THERAPIST_ALERTS_PATH = `${THERAPIST_AREA}/segnalazioni`;

const SUBJECT = "Segnalazione di sicurezza da verificare";

export interface NewSafetyAlert {
  kind: SafetyAlertKind;
  /** The person, by their booking when there is one. */
  bookingId?: string | null;
  /** The person's address, when there is no booking. */
  email?: string | null;
  /** The therapist who must know too (the call's, the group's). */
  therapistId?: string | null;
  /** What raised it (the intake call, the measure's answers): one alert per kind and source. */
  sourceId?: string | null;
  /** Who raised it, for the audit; none when the system did (a questionnaire sent by the person). */
  actor?: SessionInfo | null;
}

/** A system step (no signed-in actor) in the audit log. */
async function auditSystem(executor: Pick<Database, "insert">, action: string, entityId: string, detail: Record<string, unknown>) {
  await executor.insert(auditLog).values({ actorId: null, actorEmail: "sistema", action, entity: "safety_alert", entityId, detail });
}

async function therapistEmail(executor: Pick<Database, "select">, therapistId: string | null | undefined) {
  if (!therapistId) return null;
  const [row] = await executor
    .select({ email: sql<string | null>`coalesce(${therapists.email}, ${user.email})` })
    .from(therapists)
    .leftJoin(user, eq(user.id, therapists.userId))
    .where(eq(therapists.id, therapistId));
  return row?.email ?? null;
}

const alertEmail = (to: string, url: string, escalation: boolean): OutgoingEmail => ({
  to,
  subject: escalation ? `Sollecito: ${SUBJECT.toLowerCase()}` : SUBJECT,
  template: escalation ? "safety-alert-escalation" : "safety-alert",
  body: emailBody(SafetyAlertEmail, { escalation, url }),
});

/**
 * Raises a safety alert inside the caller's transaction: the row, its audit entry and the e-mails to
 * staff and to the therapist (a link only, no clinical content), together. Raising it again for the
 * same kind and source changes nothing and sends nothing: returns null then, else the new alert's id.
 */
export async function raiseSafetyAlert(tx: Tx, alert: NewSafetyAlert): Promise<string | null> {
  const [row] = await tx
    .insert(safetyAlerts)
    .values({ kind: alert.kind, bookingId: alert.bookingId ?? null, email: alert.email ?? null, therapistId: alert.therapistId ?? null, sourceId: alert.sourceId ?? null })
    .onConflictDoNothing()
    .returning({ id: safetyAlerts.id });
  if (!row) return null;
  const detail = { kind: alert.kind, sourceId: alert.sourceId ?? null };
  if (alert.actor) await audit(tx, alert.actor, { action: "create", entity: "safety_alert", entityId: row.id, detail });
  else await auditSystem(tx, "create", row.id, detail);
  const base = publicBaseUrl();
  const toTherapist = await therapistEmail(tx, alert.therapistId);
  await enqueueEmails(tx, [
    alertEmail(env().STAFF_EMAIL, `${base}${ADMIN_ALERTS_PATH}`, false),
    ...(toTherapist ? [alertEmail(toTherapist, `${base}${THERAPIST_ALERTS_PATH}`, false)] : []),
  ]);
  return row.id;
}

const alertColumns = {
  id: safetyAlerts.id,
  kind: safetyAlerts.kind,
  bookingId: safetyAlerts.bookingId,
  personName: sql<string | null>`coalesce(${groupBookings.name}, ${groupBookings.email}, ${safetyAlerts.email})`,
  therapistName: therapists.name,
  createdAt: safetyAlerts.createdAt,
  staffAcknowledgedAt: safetyAlerts.staffAcknowledgedAt,
  staffNote: safetyAlerts.staffNote,
  therapistAcknowledgedAt: safetyAlerts.therapistAcknowledgedAt,
  therapistNote: safetyAlerts.therapistNote,
  escalatedAt: safetyAlerts.escalatedAt,
};

/** The rows of a list, with the kind's label. */
function labelled<T extends { kind: SafetyAlertKind }>(rows: T[]) {
  return rows.map((row) => ({ ...row, kindLabel: safetyAlertKindLabels[row.kind] }));
}

/** Staff's list: every open alert (oldest first), then the last 50 acknowledged. The read is audited. */
export async function listSafetyAlerts(db: Database, session: SessionInfo) {
  const base = () =>
    db
      .select(alertColumns)
      .from(safetyAlerts)
      .leftJoin(groupBookings, eq(groupBookings.id, safetyAlerts.bookingId))
      .leftJoin(therapists, eq(therapists.id, safetyAlerts.therapistId));
  const [open, closed] = await Promise.all([
    base().where(isNull(safetyAlerts.staffAcknowledgedAt)).orderBy(safetyAlerts.createdAt),
    base()
      .where(sql`${safetyAlerts.staffAcknowledgedAt} is not null`)
      .orderBy(desc(safetyAlerts.staffAcknowledgedAt))
      .limit(50),
  ]);
  await audit(db, session, { action: "list", entity: "safety_alerts", detail: { open: open.length } });
  return { open: labelled(open), closed: labelled(closed) };
}

/** A therapist's own alerts, those they have not acknowledged first. */
export async function therapistSafetyAlerts(db: Pick<Database, "select">, therapistId: string) {
  const rows = await db
    .select(alertColumns)
    .from(safetyAlerts)
    .leftJoin(groupBookings, eq(groupBookings.id, safetyAlerts.bookingId))
    .leftJoin(therapists, eq(therapists.id, safetyAlerts.therapistId))
    .where(eq(safetyAlerts.therapistId, therapistId))
    .orderBy(sql`${safetyAlerts.therapistAcknowledgedAt} is not null`, desc(safetyAlerts.createdAt))
    .limit(100);
  return labelled(rows);
}

/** The therapist's own alerts about these members (their group page's flags), newest first, by booking. */
export async function memberSafetyAlerts(db: Pick<Database, "select">, therapistId: string, bookingIds: string[]) {
  const rows =
    bookingIds.length === 0
      ? []
      : await db
          .select({
            bookingId: safetyAlerts.bookingId,
            id: safetyAlerts.id,
            kind: safetyAlerts.kind,
            createdAt: safetyAlerts.createdAt,
            therapistAcknowledgedAt: safetyAlerts.therapistAcknowledgedAt,
            staffAcknowledgedAt: safetyAlerts.staffAcknowledgedAt,
          })
          .from(safetyAlerts)
          .where(and(eq(safetyAlerts.therapistId, therapistId), inArray(safetyAlerts.bookingId, bookingIds)))
          .orderBy(desc(safetyAlerts.createdAt));
  const byBooking = new Map<string, ReturnType<typeof labelled<(typeof rows)[number]>>>();
  for (const row of labelled(rows)) byBooking.set(row.bookingId!, [...(byBooking.get(row.bookingId!) ?? []), row]);
  return byBooking;
}

/** How many alerts wait for a therapist's acknowledgement (the flag in their area). */
export async function therapistOpenAlertCount(db: Pick<Database, "select">, therapistId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(safetyAlerts)
    .where(and(eq(safetyAlerts.therapistId, therapistId), isNull(safetyAlerts.therapistAcknowledgedAt)));
  return row?.n ?? 0;
}

/** How many alerts staff have not acknowledged (the dashboard's line). */
export async function openSafetyAlertCount(db: Pick<Database, "select">) {
  const [row] = await db.select({ n: count() }).from(safetyAlerts).where(isNull(safetyAlerts.staffAcknowledgedAt));
  return row?.n ?? 0;
}

/** Staff acknowledge an open alert with a note saying what was done; audited with it. Twice: 409. */
export async function acknowledgeAsStaff(db: Database, session: SessionInfo, id: string, note: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(safetyAlerts)
      .set({ staffAcknowledgedAt: new Date(), staffAcknowledgedBy: session.user.email, staffNote: note })
      .where(and(eq(safetyAlerts.id, id), isNull(safetyAlerts.staffAcknowledgedAt)))
      .returning({ id: safetyAlerts.id });
    if (!row) throw await missingOrDone(tx, id, eq(safetyAlerts.id, id));
    await audit(tx, session, { action: "acknowledge", entity: "safety_alert", entityId: id, detail: { by: "staff" } });
  });
}

/** The therapist acknowledges one of their own alerts with a note; another's is a 404. Audited. */
export async function acknowledgeAsTherapist(db: Database, identity: TherapistIdentity, id: string, note: string) {
  await db.transaction(async (tx) => {
    const own = and(eq(safetyAlerts.id, id), eq(safetyAlerts.therapistId, identity.therapist.id));
    const [row] = await tx
      .update(safetyAlerts)
      .set({ therapistAcknowledgedAt: new Date(), therapistNote: note })
      .where(and(own, isNull(safetyAlerts.therapistAcknowledgedAt)))
      .returning({ id: safetyAlerts.id });
    if (!row) throw await missingOrDone(tx, id, own);
    await audit(tx, identity.session, { action: "acknowledge", entity: "safety_alert", entityId: id, detail: { by: "therapist" } });
  });
}

async function missingOrDone(tx: Pick<Database, "select">, id: string, where: SQL | undefined) {
  const [exists] = await tx.select({ id: safetyAlerts.id }).from(safetyAlerts).where(where);
  return exists ? new HttpError(409, "Segnalazione già presa in carico.") : new HttpError(404, "Segnalazione non trovata.");
}

/**
 * E-mails staff again about every alert still unacknowledged SAFETY_ESCALATION_HOURS after it was
 * raised, once: the update that sets escalated_at is the claim (a parallel run finds it set). Run by
 * the quarter-hour reminders job. Returns how many were escalated.
 */
export async function escalateSafetyAlerts(db: Database, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(safetyAlerts)
      .set({ escalatedAt: now })
      .where(
        and(isNull(safetyAlerts.staffAcknowledgedAt), isNull(safetyAlerts.escalatedAt), lte(safetyAlerts.createdAt, new Date(now.getTime() - SAFETY_ESCALATION_HOURS * 3_600_000))),
      )
      .returning({ id: safetyAlerts.id, kind: safetyAlerts.kind });
    for (const alert of due) await auditSystem(tx, "escalate", alert.id, { kind: alert.kind });
    if (due.length > 0) await enqueueEmails(tx, [alertEmail(env().STAFF_EMAIL, `${publicBaseUrl()}${ADMIN_ALERTS_PATH}`, true)]);
    return due.length;
  });
}

const ACK_REFUSED = "Presa visione non registrata";

/** The «Presa visione» form's action, staff's or the therapist's: the note checked on its field, then `acknowledge`. */
export async function acknowledgeAction(request: Request, scope: string, acknowledge: (id: string, note: string) => Promise<void>) {
  const submission = parseSubmission(await request.formData(), safetyAckSchema);
  if (submission.status !== "success") return submissionRefused("acknowledge", ACK_REFUSED, submission, { description: checkFields });
  const { id, note } = submission.value;
  return staffAction(
    "acknowledge",
    async () => {
      await acknowledge(id, note);
      return actionOk("acknowledge", "Presa visione registrata.");
    },
    { scope, title: ACK_REFUSED, fallback: "Si è verificato un errore. Riprova più tardi.", submission },
  );
}
