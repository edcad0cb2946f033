import { and, asc, count, eq, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDays, romeTimeToUtc } from "~/domain/calendar";
import {
  booksCsvCells,
  booksCsvHeaders,
  nextMonth,
  sistemaTsFileName,
  statementTotals,
  type BooksDocumentRow,
  type BooksPeriod,
  type StatementSession,
} from "~/domain/books-exports";
import { csvHeader, csvLine } from "~/domain/italian-csv";
import { invoicePaymentMethodLabels, isTraceablePayment } from "~/domain/invoice-rules";
import { owesFee } from "~/domain/sessions";
import { sistemaTsXmlParts, type SistemaTsDocument, type SistemaTsInput } from "~/domain/sistema-ts";
import type { Database } from "../db/client.server";
import { attendance, groupBookings, groups, groupSessions, invoices, payments, therapists } from "../db/schema";
import { HttpError } from "../http/errors.server";
import { textStream } from "../text-stream.server";
import { sanitelCodiceFiscaleCipher, sistemaTsCertificateStatus } from "../sistema-ts-cipher.server";
import { chargedMark, chargesByBooking } from "./charges.server";
import { practiceFiscalIdentity } from "./invoices.server";

/**
 * The accountant's exports (admin → Contabilità, staff only; the routes audit them): the documents
 * of a period as CSV, streamed in keyset batches so no export holds more than one batch in memory;
 * each therapist's monthly statement; the year's records for the Sistema TS. Every query reads an
 * index: invoices by issue or payment date, payments by payment date, meetings by start.
 */

/** Rows read per query while streaming the CSV. */
const CSV_BATCH = 500;

const corrected = alias(invoices, "corrected");

/** The instants a period of Italian calendar days covers: from its first midnight to the midnight after its last day. */
const periodInstants = (period: BooksPeriod) => ({ from: romeTimeToUtc(period.dal, "00:00"), to: romeTimeToUtc(addDays(period.al, 1), "00:00") });

const documentColumns = {
  kind: invoices.kind,
  number: invoices.number,
  issuedOn: invoices.issuedOn,
  paidOn: invoices.paidOn,
  holder: sql<string>`${invoices.recipient}->>'name'`,
  codiceFiscale: sql<string | null>`${invoices.recipient}->>'codiceFiscale'`,
  subtotalCents: invoices.subtotalCents,
  stampDutyCents: invoices.stampDutyCents,
  stampDutyCharged: invoices.stampDutyCharged,
  totalCents: invoices.totalCents,
  method: invoices.paymentMethod,
  opposed: invoices.tsOpposition,
  refersToNumber: corrected.number,
  refersToIssuedOn: corrected.issuedOn,
};

/** The documents with the invoice each credit note corrects. */
const documentsQuery = (db: Database) => db.select(documentColumns).from(invoices).leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId));
type DocumentRecord = Awaited<ReturnType<typeof documentsQuery>>[number];

const refersTo = (row: Pick<DocumentRecord, "refersToNumber" | "refersToIssuedOn">) =>
  row.refersToNumber && row.refersToIssuedOn ? { number: row.refersToNumber, issuedOn: row.refersToIssuedOn } : null;

/**
 * The CSV's rows in batches: the fatture and note di credito issued in the period (by issue date, then
 * number), then the payments of the period whose invoice still waits for fiscal data (by payment date).
 */
async function* documentBatches(db: Database, period: BooksPeriod): AsyncGenerator<BooksDocumentRow[]> {
  let after: { issuedOn: string; number: string } | null = null;
  for (;;) {
    const rows = await documentsQuery(db)
      .where(
        and(
          gte(invoices.issuedOn, period.dal),
          lte(invoices.issuedOn, period.al),
          after ? sql`(${invoices.issuedOn}, ${invoices.number}) > (${after.issuedOn}::date, ${after.number})` : undefined,
        ),
      )
      .orderBy(asc(invoices.issuedOn), asc(invoices.number))
      .limit(CSV_BATCH);
    if (rows.length > 0) yield rows.map((row) => ({ ...row, refersTo: refersTo(row) }));
    if (rows.length < CSV_BATCH) break;
    after = rows.at(-1)!;
  }
  const { from, to } = periodInstants(period);
  let afterPayment: { paidAt: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: payments.id,
        // The cursor as PostgreSQL wrote it: a JavaScript Date would drop the microseconds.
        paidAt: sql<string>`${payments.paidAt}::text`,
        paidOn: sql<string>`(${payments.paidAt} at time zone 'Europe/Rome')::date::text`,
        holder: payments.payerName,
        amountCents: payments.amountCents,
        method: payments.method,
      })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(
        and(
          isNull(invoices.id),
          gte(payments.paidAt, from),
          lt(payments.paidAt, to),
          afterPayment ? sql`(${payments.paidAt}, ${payments.id}) > (${afterPayment.paidAt}::timestamptz, ${afterPayment.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(payments.paidAt), asc(payments.id))
      .limit(CSV_BATCH);
    if (rows.length > 0) {
      yield rows.map((row): BooksDocumentRow => ({
        kind: "payment",
        number: null,
        issuedOn: null,
        paidOn: row.paidOn,
        holder: row.holder,
        codiceFiscale: null,
        subtotalCents: row.amountCents,
        stampDutyCents: 0,
        stampDutyCharged: false,
        totalCents: row.amountCents,
        method: row.method,
        opposed: null,
        refersTo: null,
      }));
    }
    if (rows.length < CSV_BATCH) break;
    afterPayment = rows.at(-1)!;
  }
}

async function* documentsCsvText(db: Database, period: BooksPeriod) {
  yield csvHeader(booksCsvHeaders);
  for await (const batch of documentBatches(db, period)) yield batch.map((row) => csvLine(booksCsvCells(row))).join("");
}

/** The documents of a period as the CSV for Italian Excel: the header, then each batch as the client reads. No row limit. */
export const booksDocumentsCsv = (db: Database, period: BooksPeriod) => textStream(documentsCsvText(db, period), "books-csv");

/** What the screen says of a period before the download: documents and payments waiting, with their totals. */
export async function periodFigures(db: Database, period: BooksPeriod) {
  const { from, to } = periodInstants(period);
  const [documents, [waiting]] = await Promise.all([
    db
      .select({ kind: invoices.kind, count: count(), totalCents: sql<string>`coalesce(sum(${invoices.totalCents}), 0)` })
      .from(invoices)
      .where(and(gte(invoices.issuedOn, period.dal), lte(invoices.issuedOn, period.al)))
      .groupBy(invoices.kind),
    db
      .select({ count: count(), totalCents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .leftJoin(invoices, eq(invoices.paymentId, payments.id))
      .where(and(isNull(invoices.id), gte(payments.paidAt, from), lt(payments.paidAt, to))),
  ]);
  const of = (kind: "invoice" | "credit_note") => {
    const row = documents.find((item) => item.kind === kind);
    return { count: row?.count ?? 0, totalCents: Number(row?.totalCents ?? 0) };
  };
  return { invoices: of("invoice"), creditNotes: of("credit_note"), waiting: { count: waiting?.count ?? 0, totalCents: Number(waiting?.totalCents ?? 0) } };
}

/* ------------------------------------------------------------------------------------------------
 * The therapists' monthly statements
 * ---------------------------------------------------------------------------------------------- */

/** The instants of a month (YYYY-MM, Italian time) up to `now`: a meeting starting in them has been held. */
function monthHeld(month: string, now: Date) {
  const end = romeTimeToUtc(`${nextMonth(month)}-01`, "00:00");
  return { from: romeTimeToUtc(`${month}-01`, "00:00"), until: end < now ? end : now };
}

/** The meetings held in a month: scheduled, and started before `now`. */
function heldIn(month: string, now: Date) {
  const { from, until } = monthHeld(month, now);
  return and(eq(groupSessions.status, "scheduled"), gte(groupSessions.startsAt, from), lt(groupSessions.startsAt, until));
}

/**
 * Per therapist, the meetings held between `from` and `until` and the member-sessions they charged
 * (present or absent without notice): the meetings from the starts_at index, each one's charged marks
 * counted from `attendance_session_status_idx` alone (migration 0033). Joining the month's meetings to
 * attendance made PostgreSQL read all of it instead (178,000 rows at 2,000 members: 50-130 ms).
 */
export const monthFiguresSql = (from: Date, until: Date) => sql`
  select g.therapist_id, count(*)::int as sessions_held, coalesce(sum(m.count), 0)::int as member_sessions
  from group_sessions s
  join groups g on g.id = s.group_id
  cross join lateral (select count(*) as count from attendance a where a.session_id = s.id and ${chargedMark}) m
  where s.status = 'scheduled' and s.starts_at >= ${from} and s.starts_at < ${until}
  group by g.therapist_id`;

/**
 * Every therapist with what they held in the month: meetings, and member-sessions charged (present or
 * absent without notice). The share of each member-session depends on its tariff: the statement
 * itself reads it from the ledger.
 */
export async function therapistMonthFigures(db: Database, month: string, now: Date = new Date()) {
  const { from, until } = monthHeld(month, now);
  const [people, figures] = await Promise.all([
    db.select({ id: therapists.id, name: therapists.name }).from(therapists).orderBy(asc(therapists.name)),
    db.execute<{ therapist_id: string; sessions_held: number; member_sessions: number }>(monthFiguresSql(from, until)),
  ]);
  const byTherapist = new Map(figures.rows.map((row) => [row.therapist_id, row]));
  return people.map((person) => ({
    ...person,
    sessionsHeld: byTherapist.get(person.id)?.sessions_held ?? 0,
    memberSessions: byTherapist.get(person.id)?.member_sessions ?? 0,
  }));
}

/**
 * One therapist's statement for a month: each meeting they held, the members it charged, and the
 * therapist's share of each charge (`tariffs` in domain/ledger.ts, by the charge's kind). Meetings
 * count for the therapist their group has now. 404 when there is no such therapist.
 */
export async function therapistStatement(db: Database, therapistId: string, month: string, now: Date = new Date()) {
  const [therapist] = await db
    .select({ id: therapists.id, name: therapists.name, registrationNumber: therapists.registrationNumber })
    .from(therapists)
    .where(eq(therapists.id, therapistId));
  if (!therapist) throw new HttpError(404, "Terapeuta non trovato.");
  const held = await db
    .select({ sessionId: groupSessions.id, startsAt: groupSessions.startsAt, groupName: groups.name })
    .from(groupSessions)
    .innerJoin(groups, eq(groups.id, groupSessions.groupId))
    .where(and(eq(groups.therapistId, therapistId), heldIn(month, now)))
    .orderBy(asc(groupSessions.startsAt), asc(groups.name));
  const marks = held.length
    ? await db
        .select({ sessionId: attendance.sessionId, bookingId: attendance.bookingId, status: attendance.status })
        .from(attendance)
        .where(
          inArray(
            attendance.sessionId,
            held.map((session) => session.sessionId),
          ),
        )
    : [];
  const charged = marks.filter((mark) => owesFee("scheduled", mark.status));
  const bookingIds = [...new Set(charged.map((mark) => mark.bookingId))];
  const bookings = bookingIds.length
    ? await db.select({ id: groupBookings.id, iseeApprovedAt: groupBookings.iseeApprovedAt }).from(groupBookings).where(inArray(groupBookings.id, bookingIds))
    : [];
  const charges = await chargesByBooking(db, bookings);
  const shareOf = (mark: (typeof charged)[number]) => {
    const charge = charges.get(mark.bookingId)?.find((item) => item.sessionId === mark.sessionId);
    if (!charge) throw new Error("A charged attendance without its charge in the ledger");
    return charge.therapistCents;
  };
  const sessions: StatementSession[] = held.map((session) => {
    const own = charged.filter((mark) => mark.sessionId === session.sessionId);
    return { ...session, memberSessions: own.length, shareCents: own.reduce((sum, mark) => sum + shareOf(mark), 0) };
  });
  return { therapist, month, sessions, totals: statementTotals(sessions) };
}

/* ------------------------------------------------------------------------------------------------
 * The Sistema TS file
 * ---------------------------------------------------------------------------------------------- */

/**
 * The year's input for the Sistema TS file: the practice as issuer, and one document per fattura and
 * nota di credito paid (or refunded) in the year, as frozen when issued (the codice fiscale, the
 * opposition, the stamp duty charged to the person).
 */
export async function sistemaTsInput(db: Database, year: number): Promise<SistemaTsInput> {
  const [{ settings }, rows] = await Promise.all([
    practiceFiscalIdentity(db),
    documentsQuery(db)
      .where(and(gte(invoices.paidOn, `${year}-01-01`), lte(invoices.paidOn, `${year}-12-31`)))
      .orderBy(asc(invoices.paidOn), asc(invoices.number)),
  ]);
  const documents = rows.map((row): SistemaTsDocument => ({
    kind: row.kind === "credit_note" ? "creditNote" : "invoice",
    number: row.number,
    issuedOn: row.issuedOn,
    paidOn: row.paidOn,
    personCodiceFiscale: row.codiceFiscale,
    opposed: row.opposed,
    totalCents: row.totalCents,
    stampDutyChargedCents: row.stampDutyCharged ? row.stampDutyCents : 0,
    paymentMethod: invoicePaymentMethodLabels[row.method],
    traceable: isTraceablePayment(row.method),
    refersTo: refersTo(row) ?? undefined,
  }));
  return { issuer: { partitaIva: settings?.partitaIva ?? "", codiceFiscale: settings?.codiceFiscale ?? "", name: settings?.legalName ?? "" }, documents };
}

/** Records written per chunk of the Sistema TS file. */
const XML_GROUP = 500;

/** `parts` joined `size` at a time. */
function* inGroups(parts: Iterable<string>, size: number) {
  let group: string[] = [];
  for (const part of parts) {
    group.push(part);
    if (group.length === size) {
      yield group.join("");
      group = [];
    }
  }
  if (group.length > 0) yield group.join("");
}

/**
 * The file to download for `year`: with a usable certificate, the real one (codici fiscali encrypted);
 * without one (or with an expired one), the preview, named as such, whose codici fiscali are in clear
 * and which must not be uploaded (docs/decisions/066). Throws `SistemaTsError` while problems remain.
 */
export async function sistemaTsFile(db: Database, year: number, certificate: Buffer | null, now: Date = new Date()) {
  const input = await sistemaTsInput(db, year);
  const preview = sistemaTsCertificateStatus(certificate, now).state !== "ready";
  const encrypt = preview ? (codiceFiscale: string) => codiceFiscale : sanitelCodiceFiscaleCipher(certificate!, now);
  // Checked here, before any byte is sent; drawn and encrypted as the client reads.
  const parts = sistemaTsXmlParts(input, encrypt);
  return { fileName: sistemaTsFileName(year, preview), preview, body: textStream(inGroups(parts, XML_GROUP), "sistema-ts-file"), documents: input.documents.length };
}
