import { and, eq, isNull, sql } from "drizzle-orm";
import { CLIENT_AREA } from "~/domain/client-area";
import { callOutcomeLabels, referralAdvice, referralReasonLabels, type CallOutcomeInput } from "~/domain/call-outcomes";
import { group as groupRules } from "~/content/site";
import { audit, changesOf } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database, Transaction } from "../db/client.server";
import { attendance, groupBookings, groups, groupWaitlist, intakeCalls, outcomeAdministrations, therapists } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { BookingDecisionEmail } from "../mail/booking-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { callPageUrl, isGroupFullError } from "./bookings.server";
import { firstMeetingLabel, scheduleOf } from "./groups.server";
import { callPersonColumns, slotLabel } from "./intake-calls.server";
import { tokenForAddress } from "./identity.server";
import { raiseSafetyAlert } from "./safety-alerts.server";

/** Who records an outcome: the call's therapist (`therapistId`), or staff (null: any call). */
export interface OutcomeActor {
  session: SessionInfo;
  therapistId: string | null;
}

const outcomeFields = ["outcome", "riskLevel", "outcomeGroupId", "referralReason", "referralNote"] as const;

/** The open groups a person may be placed in (the "another group" choice). */
export async function placeableGroups(db: Pick<Database, "select">) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(sql`${groups.status} <> 'closed'`)
    .orderBy(groups.name);
}

/**
 * Records an intake call's outcome, after the call, with its effects in one transaction: the booking
 * confirmed (the seat through the capacity trigger; a full group puts the person first on its waiting
 * list) with the welcome e-mail, or the kind referral e-mail (booking withdrawn, nothing charged), or
 * the one link to book again. High risk raises the safety alert. A correction (by the outcome's author,
 * or by staff) that changes the outcome or its group first undoes what the first one did (the seat
 * freed, the waiting-list place dropped, the booking back to a request) then applies the new one, whose
 * e-mail goes once; it is refused once the person has a meeting recorded in the group. A correction of
 * the risk level or the note only updates the record. Decision 085.
 */
export async function recordCallOutcome(db: Database, actor: OutcomeActor, callId: string, input: CallOutcomeInput, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(intakeCalls)
      .where(and(eq(intakeCalls.id, callId), actor.therapistId ? eq(intakeCalls.therapistId, actor.therapistId) : undefined))
      .for("update");
    if (!call) throw new HttpError(404, "Chiamata non trovata.");
    if (call.status === "cancelled") throw new HttpError(409, "La chiamata è stata annullata: non ha un esito.");
    if (call.startsAt > now) throw new HttpError(409, "L'esito si registra dopo la chiamata.");
    if (actor.therapistId && call.outcomeBy && call.outcomeBy !== actor.session.user.email)
      throw new HttpError(403, "Solo chi ha registrato l'esito (o lo staff) può correggerlo.");
    if (input.outcome === "suitable_other" && input.groupId && call.bookingId) {
      const [booking] = await tx.select({ groupId: groupBookings.groupId }).from(groupBookings).where(eq(groupBookings.id, call.bookingId));
      if (booking?.groupId === input.groupId)
        throw new HttpError(400, "È il gruppo che la persona ha scelto.", { groupId: `È il gruppo scelto: indica «${callOutcomeLabels.suitable}».` });
    }
    const values = {
      outcome: input.outcome,
      riskLevel: input.riskLevel,
      outcomeGroupId: input.outcome === "suitable_other" ? (input.groupId ?? null) : null,
      referralReason: input.outcome === "not_suitable" ? (input.referralReason ?? null) : null,
      referralNote: input.outcome === "not_suitable" ? (input.referralNote ?? null) : null,
    };
    const applying = call.outcomeAppliedAt === null;
    const changing = !applying && (call.outcome !== values.outcome || call.outcomeGroupId !== values.outcomeGroupId);
    let effect = "Esito corretto: le email erano già partite e non vengono rimandate.";
    if (changing) await undoOutcome(tx, call, now);
    if (changing && !seating(values.outcome) && call.bookingId) await withdrawIntakeQuestionnaire(tx, call.bookingId, now);
    if (applying || changing) effect = await applyOutcome(tx, call, values, now, changing);
    await tx
      .update(intakeCalls)
      .set({ ...values, outcomeAt: now, outcomeBy: actor.session.user.email, ...(applying ? { outcomeAppliedAt: now } : {}) })
      .where(eq(intakeCalls.id, call.id));
    await audit(tx, actor.session, {
      action: call.outcome ? "update" : "create",
      entity: "intake_call_outcome",
      entityId: call.id,
      detail: { changes: changesOf(call, values, outcomeFields), ...(changing ? { effectsReapplied: true } : {}) },
    });
    if (values.riskLevel === "high") {
      await raiseSafetyAlert(tx, {
        kind: "intake_high_risk",
        bookingId: call.bookingId,
        email: call.email,
        therapistId: call.therapistId,
        sourceId: call.id,
        actor: actor.session,
      });
    }
    return { message: `${callOutcomeLabels[values.outcome]}: ${effect}` };
  });
}

type Call = typeof intakeCalls.$inferSelect;
type Values = Pick<Call, "outcome" | "outcomeGroupId" | "referralReason" | "referralNote"> & { outcome: NonNullable<Call["outcome"]> };

/** The outcomes that give the person a seat (or a first place on the waiting list). */
const seating = (outcome: Call["outcome"]) => outcome === "suitable" || outcome === "suitable_other";

/**
 * Undoes what the call's first outcome did to the booking, before a different outcome is applied: a
 * confirmed seat goes back to a request (the capacity trigger frees it and the first person waiting is
 * offered it), a request the outcome withdrew is open again, the waiting-list place it gave is dropped.
 * Refused once the person has a meeting recorded in the group (attendance: it may be charged).
 */
async function undoOutcome(tx: Transaction, call: Call, now: Date) {
  if (!call.bookingId) return;
  const [booking] = await tx.select().from(groupBookings).where(eq(groupBookings.id, call.bookingId)).for("update");
  if (!booking) return;
  const [met] = await tx.select({ id: attendance.id }).from(attendance).where(eq(attendance.bookingId, booking.id)).limit(1);
  if (met)
    throw new HttpError(
      409,
      "La persona ha già incontri registrati nel gruppo: l'esito non si può più correggere. Per chiudere il percorso annulla l'iscrizione da Prenotazioni.",
      {
        outcome: "Già iniziato il gruppo: correggi da Prenotazioni.",
      },
    );
  if (booking.status === "moved") throw new HttpError(409, "La prenotazione è stata spostata: correggi l'iscrizione da Prenotazioni.");
  if (booking.status !== "requested") await tx.update(groupBookings).set({ status: "requested", updatedAt: now }).where(eq(groupBookings.id, booking.id));
  if (seating(call.outcome) && booking.groupId) {
    await tx
      .delete(groupWaitlist)
      .where(and(eq(sql`lower(${groupWaitlist.email})`, call.email.toLowerCase()), eq(groupWaitlist.groupId, booking.groupId), isNull(groupWaitlist.notifiedAt)));
  }
}

/**
 * A correction away from "suitable" also withdraws the intake questionnaire that outcome started (issue 33:
 * the intake one follows a suitable outcome) while it is still unanswered: the person is not asked to
 * measure a path they are no longer on. An answered one stays (it is theirs, and part of their record).
 */
async function withdrawIntakeQuestionnaire(tx: Transaction, bookingId: string, now: Date) {
  await tx
    .update(outcomeAdministrations)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(outcomeAdministrations.bookingId, bookingId), eq(outcomeAdministrations.occasion, "intake"), eq(outcomeAdministrations.status, "pending")));
}

async function applyOutcome(tx: Transaction, call: Call, values: Values, now: Date, correcting: boolean): Promise<string> {
  const [booking] = call.bookingId ? await tx.select().from(groupBookings).where(eq(groupBookings.id, call.bookingId)).for("update") : [];
  const replaces = correcting ? ["Questa email sostituisce quella che ti abbiamo mandato dopo la chiamata: scusaci per il cambio."] : [];
  const mail = (subject: string, template: string, paragraphs: string[]) =>
    enqueueEmails(tx, [{ to: call.email, subject, template, body: emailBody(BookingDecisionEmail, { name: call.name, paragraphs: [...paragraphs, ...replaces] }) }]);
  if (values.outcome === "no_show") {
    const url = callPageUrl(call.email, call.name, await tokenForAddress(tx, call.email));
    await mail("La chiamata conoscitiva: scegli un nuovo orario", "call-no-show", [
      "non siamo riuscitə a sentirci all'orario della chiamata conoscitiva. Succede: se vuoi, puoi sceglierne un altro quando preferisci.",
      `Scegli un nuovo orario qui: ${url}`,
    ]);
    return "inviato il link per prenotare di nuovo.";
  }
  if (values.outcome === "not_suitable") {
    if (booking && (booking.status === "requested" || booking.status === "confirmed")) {
      await tx.update(groupBookings).set({ status: "cancelled", updatedAt: now }).where(eq(groupBookings.id, booking.id));
    }
    const reason = values.referralReason!;
    await mail("Dopo la chiamata conoscitiva", "call-referral", [
      "grazie per il tempo e la fiducia che ci hai dato nella chiamata conoscitiva.",
      `Ne abbiamo parlato con attenzione e pensiamo che per ora un gruppo non sia la strada più adatta a te. ${referralAdvice[reason]}`,
      ...(values.referralNote ? [`L'indicazione della tua terapeuta: ${values.referralNote}`] : []),
      `Se hai bisogno di aiuto subito, trovi il 112 e i numeri utili qui: ${publicBaseUrl()}/aiuto-subito`,
      "Non ti è stato addebitato nulla. Se in futuro vorrai riprovare, saremo felici di risentirti.",
    ]);
    return `inviata l'email con l'indicazione (${referralReasonLabels[reason].toLowerCase()}); nessun addebito.`;
  }
  const groupId = values.outcome === "suitable_other" ? values.outcomeGroupId : booking?.groupId;
  if (!groupId)
    throw new HttpError(409, "La persona non ha scelto un gruppo: scegli «Adattə a un altro gruppo».", { outcome: "Scegli «Adattə a un altro gruppo» e indica il gruppo." });
  const [group] = await tx
    .select({
      id: groups.id,
      name: groups.name,
      weekday: groups.weekday,
      startTime: groups.startTime,
      startsOn: groups.startsOn,
      status: groups.status,
      therapistId: groups.therapistId,
      therapistName: therapists.name,
    })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(eq(groups.id, groupId))
    .for("no key update", { of: groups });
  if (!group || group.status === "closed") throw new HttpError(409, "Il gruppo scelto è chiuso o non esiste più.", { groupId: "Scegli un gruppo aperto." });
  let bookingId = booking?.id;
  if (booking) {
    await tx.update(groupBookings).set({ groupId: group.id, therapistId: group.therapistId, status: "requested", updatedAt: now }).where(eq(groupBookings.id, booking.id));
  } else {
    const [created] = await tx
      .insert(groupBookings)
      .values({ email: call.email, name: call.name, phone: call.phone, groupId: group.id, therapistId: group.therapistId })
      .returning({ id: groupBookings.id });
    bookingId = created!.id;
    await tx.update(intakeCalls).set({ bookingId }).where(eq(intakeCalls.id, call.id));
  }
  const seated = await tx
    .transaction(async (savepoint) => {
      await savepoint.update(groupBookings).set({ status: "confirmed", updatedAt: now }).where(eq(groupBookings.id, bookingId!));
      return true;
    })
    .catch((error: unknown) => {
      if (isGroupFullError(error)) return false;
      throw error;
    });
  const schedule = `${scheduleOf({ weekday: group.weekday, start_time: group.startTime })}, per ${groupRules.sessionMinutes} minuti, online, con ${group.therapistName}.`;
  if (!seated) {
    const [first] = await tx
      .select({ at: sql<string | null>`min(${groupWaitlist.createdAt})` })
      .from(groupWaitlist)
      .where(and(eq(groupWaitlist.groupId, group.id), isNull(groupWaitlist.notifiedAt)));
    const ahead = first?.at ? new Date(Math.min(now.getTime(), new Date(first.at).getTime() - 1000)) : now;
    await tx.insert(groupWaitlist).values({ email: call.email, groupId: group.id, createdAt: ahead }).onConflictDoNothing();
    await mail(`Il gruppo "${group.name}": sei la prima persona in lista`, "call-suitable-waitlist", [
      `dopo la chiamata conoscitiva ti confermiamo che il gruppo "${group.name}" è adatto a te. ${schedule}`,
      "In questo momento il gruppo è al completo: ti abbiamo messo per prima in lista d'attesa e ti scriviamo appena si libera un posto.",
    ]);
    return "il gruppo è al completo: la persona è prima in lista d'attesa (email inviata).";
  }
  await mail(`Benvenutə nel gruppo "${group.name}"`, "call-welcome", [
    `dopo la chiamata conoscitiva siamo felici di confermarti il posto nel gruppo "${group.name}". ${schedule}`,
    `Il primo incontro è ${firstMeetingLabel(group)} alle ${group.startTime} (ora italiana).`,
    "Per prepararti: scegli un posto tranquillo dove nessuno ti ascolti, usa le cuffie se puoi, collegati qualche minuto prima e tieni a portata di mano acqua e fazzoletti. Non serve preparare nulla da dire.",
    `Per completare l'iscrizione, inserisci i tuoi dati e accetta i documenti del servizio qui: ${publicBaseUrl()}/conferma-iscrizione.`,
    `Nella tua area personale (${publicBaseUrl()}${CLIENT_AREA}) trovi gli incontri e il link della videochiamata.`,
  ]);
  return "posto confermato, email di benvenuto inviata.";
}

/** The call's recorded outcome (none yet: nulls), for its form, and the groups it may name. */
export async function outcomeForm(db: Pick<Database, "select">, callId: string) {
  const [[row], options] = await Promise.all([
    db
      .select({
        outcome: intakeCalls.outcome,
        riskLevel: intakeCalls.riskLevel,
        groupId: intakeCalls.outcomeGroupId,
        referralReason: intakeCalls.referralReason,
        referralNote: intakeCalls.referralNote,
        outcomeAt: intakeCalls.outcomeAt,
        outcomeBy: intakeCalls.outcomeBy,
        startsAt: intakeCalls.startsAt,
      })
      .from(intakeCalls)
      .where(eq(intakeCalls.id, callId)),
    placeableGroups(db),
  ]);
  return { recorded: row ?? null, groups: options };
}

/** One intake call as staff see it (no questionnaire answers: those are the therapist's), with its booking and outcome form. */
export async function callForStaff(db: Pick<Database, "select">, callId: string) {
  const [call] = await db
    .select({
      ...callPersonColumns,
      bookingId: intakeCalls.bookingId,
      bookingStatus: groupBookings.status,
      groupName: groups.name,
      therapistName: therapists.name,
    })
    .from(intakeCalls)
    .leftJoin(therapists, eq(therapists.id, intakeCalls.therapistId))
    .leftJoin(groupBookings, eq(groupBookings.id, intakeCalls.bookingId))
    .leftJoin(groups, eq(groups.id, groupBookings.groupId))
    .where(eq(intakeCalls.id, callId));
  if (!call) throw new HttpError(404, "Chiamata non trovata.");
  const form = await outcomeForm(db, call.id);
  return { ...call, label: slotLabel(call.startsAt), ...form };
}
