import { and, asc, eq, gte } from "drizzle-orm";
import { overlappingWindow, windowLabel, type AvailabilityAction } from "~/domain/availability-input";
import { todayInRome } from "~/domain/calendar";
import { minuteOfTime } from "~/domain/intake-calls";
import { audit } from "../audit.server";
import type { SessionInfo } from "../auth.server";
import { isExclusionViolation, type Database } from "../db/client.server";
import { therapistAvailability, therapistAvailabilityExceptions, therapists } from "../db/schema";
import { HttpError } from "../http/errors.server";

/**
 * A therapist's availability for intake calls: their weekly windows, their exceptions from today on,
 * and their video room. Changed by the therapist in their area or by staff on the therapist's
 * screen; every change is audited in the same transaction.
 */
export async function availabilityOf(db: Pick<Database, "select">, therapistId: string, now = new Date()) {
  const [therapist] = await db.select({ id: therapists.id, name: therapists.name, callRoomUrl: therapists.callRoomUrl }).from(therapists).where(eq(therapists.id, therapistId));
  if (!therapist) throw new HttpError(404, "Terapeuta non trovatə.");
  const [windows, exceptions] = await Promise.all([
    db
      .select({ id: therapistAvailability.id, weekday: therapistAvailability.weekday, startMinute: therapistAvailability.startMinute, endMinute: therapistAvailability.endMinute })
      .from(therapistAvailability)
      .where(eq(therapistAvailability.therapistId, therapistId))
      .orderBy(asc(therapistAvailability.weekday), asc(therapistAvailability.startMinute)),
    db
      .select({
        id: therapistAvailabilityExceptions.id,
        onDate: therapistAvailabilityExceptions.onDate,
        kind: therapistAvailabilityExceptions.kind,
        startMinute: therapistAvailabilityExceptions.startMinute,
        endMinute: therapistAvailabilityExceptions.endMinute,
      })
      .from(therapistAvailabilityExceptions)
      .where(and(eq(therapistAvailabilityExceptions.therapistId, therapistId), gte(therapistAvailabilityExceptions.onDate, todayInRome(now))))
      .orderBy(asc(therapistAvailabilityExceptions.onDate), asc(therapistAvailabilityExceptions.startMinute)),
  ]);
  return { therapist, windows, exceptions };
}

const gone = () => new HttpError(404, "Questa voce non esiste più: ricarica la pagina.");

/** One change to a therapist's availability, audited; a refused one throws HttpError with the field it concerns. */
export async function changeAvailability(db: Database, actor: SessionInfo, therapistId: string, change: AvailabilityAction, now = new Date()) {
  return db.transaction(async (tx) => {
    const entry = (action: string, entity: string, entityId: string | null, detail: Record<string, unknown>) =>
      audit(tx, actor, { action, entity, entityId, detail: { therapistId, ...detail } });
    // A window or an exception is changed only by its id and its therapist: another's, or one already removed, is gone.
    const ofTherapist = (table: typeof therapistAvailability | typeof therapistAvailabilityExceptions, id: string) => and(eq(table.id, id), eq(table.therapistId, therapistId));
    const ownRow = <Row>([row]: Row[]) => {
      if (!row) throw gone();
      return row;
    };
    switch (change.intent) {
      case "add-window": {
        const windows = await tx.select().from(therapistAvailability).where(eq(therapistAvailability.therapistId, therapistId)).for("update");
        const clash = overlappingWindow(windows, change.weekday, change.start, change.end);
        if (clash) throw new HttpError(400, "Fascia non aggiunta.", { start: `Si sovrappone alla fascia di ${windowLabel(clash)}.` });
        const [row] = await tx
          .insert(therapistAvailability)
          .values({ therapistId, weekday: change.weekday, startMinute: minuteOfTime(change.start), endMinute: minuteOfTime(change.end) })
          .returning()
          .catch((error: unknown) => {
            if (isExclusionViolation(error)) throw new HttpError(409, "Fascia non aggiunta.", { start: "Si sovrappone a un'altra fascia dello stesso giorno." });
            throw error;
          });
        await entry("create", "therapist_availability", row!.id, { weekday: change.weekday, start: change.start, end: change.end });
        return "Fascia aggiunta";
      }
      case "add-exception": {
        if (change.onDate < todayInRome(now)) throw new HttpError(400, "Eccezione non aggiunta.", { onDate: "Scegli oggi o una data futura." });
        const hours = change.kind === "extra" ? { startMinute: minuteOfTime(change.start!), endMinute: minuteOfTime(change.end!) } : { startMinute: null, endMinute: null };
        const [row] = await tx
          .insert(therapistAvailabilityExceptions)
          .values({ therapistId, onDate: change.onDate, kind: change.kind, ...hours })
          .returning();
        await entry("create", "therapist_availability_exception", row!.id, { onDate: change.onDate, kind: change.kind, start: change.start ?? null, end: change.end ?? null });
        return change.kind === "off" ? "Giorno libero aggiunto" : "Ore in più aggiunte";
      }
      case "remove-window": {
        const row = ownRow(await tx.delete(therapistAvailability).where(ofTherapist(therapistAvailability, change.id)).returning());
        await entry("delete", "therapist_availability", row.id, { weekday: row.weekday, startMinute: row.startMinute, endMinute: row.endMinute });
        return "Fascia tolta";
      }
      case "remove-exception": {
        const row = ownRow(await tx.delete(therapistAvailabilityExceptions).where(ofTherapist(therapistAvailabilityExceptions, change.id)).returning());
        await entry("delete", "therapist_availability_exception", row.id, { onDate: row.onDate, kind: row.kind });
        return "Eccezione tolta";
      }
      case "room": {
        const [before] = await tx.select({ callRoomUrl: therapists.callRoomUrl }).from(therapists).where(eq(therapists.id, therapistId));
        if (!before) throw new HttpError(404, "Terapeuta non trovatə.");
        const callRoomUrl = change.callRoomUrl || null;
        await tx.update(therapists).set({ callRoomUrl }).where(eq(therapists.id, therapistId));
        await entry("update", "therapist", therapistId, { callRoomUrl: { from: before.callRoomUrl, to: callRoomUrl } });
        return callRoomUrl ? "Link della stanza salvato" : "Link della stanza tolto: chiamerai al telefono";
      }
    }
  });
}
