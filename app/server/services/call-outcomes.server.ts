import { and, eq, isNull, sql } from "drizzle-orm";
import { CLIENT_AREA } from "~/domain/client-area";
import { callOutcomeLabels, referralAdvice, referralReasonLabels, type CallOutcomeInput } from "~/domain/call-outcomes";
import { group as groupRules } from "~/content/site";
import { audit, changesOf } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import type { Database, Transaction } from "../db/client.server";
import { groupBookings, groups, groupWaitlist, intakeCalls, therapists } from "../db/schema";
import { publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { BookingDecisionEmail } from "../mail/booking-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { callPageUrl, isGroupFullError } from "./bookings.server";
import { firstMeetingLabel, scheduleOf } from "./groups.server";
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
 * the one link to book again. High risk raises the safety alert. A correction, by the outcome's author
 * only, updates the record (audited) and never runs the effects nor sends the e-mails again.
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
    if (call.outcomeBy && call.outcomeBy !== actor.session.user.email) throw new HttpError(403, "Solo chi ha registrato l'esito può correggerlo.");
    const values = {
      outcome: input.outcome,
      riskLevel: input.riskLevel,
      outcomeGroupId: input.outcome === "suitable_other" ? (input.groupId ?? null) : null,
      referralReason: input.outcome === "not_suitable" ? (input.referralReason ?? null) : null,
      referralNote: input.outcome === "not_suitable" ? (input.referralNote ?? null) : null,
    };
    const applying = call.outcomeAppliedAt === null;
    let effect = "Esito corretto: le email erano già partite e non vengono rimandate.";
    if (applying) effect = await applyOutcome(tx, call, values, now);
    await tx
      .update(intakeCalls)
      .set({ ...values, outcomeAt: now, outcomeBy: actor.session.user.email, ...(applying ? { outcomeAppliedAt: now } : {}) })
      .where(eq(intakeCalls.id, call.id));
    await audit(tx, actor.session, {
      action: call.outcome ? "update" : "create",
      entity: "intake_call_outcome",
      entityId: call.id,
      detail: { changes: changesOf(call, values, outcomeFields) },
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

async function applyOutcome(tx: Transaction, call: Call, values: Values, now: Date): Promise<string> {
  const [booking] = call.bookingId ? await tx.select().from(groupBookings).where(eq(groupBookings.id, call.bookingId)).for("update") : [];
  const mail = (subject: string, template: string, paragraphs: string[]) =>
    enqueueEmails(tx, [{ to: call.email, subject, template, body: emailBody(BookingDecisionEmail, { name: call.name, paragraphs }) }]);
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
