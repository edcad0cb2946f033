import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { todayInRome } from "~/domain/calendar";
import { clientAreaPaths } from "~/domain/client-area";
import { DEMO_VALUES_GAP, documentNumberOf, invoiceLineDescription, practiceFiscalGaps, stampDutyFor, type PracticeFiscalFields } from "~/domain/fiscal-identity";
import { invoiceTherapistLabel } from "~/domain/invoice-rules";
import { tariffs, type InvoiceKind } from "~/domain/ledger";
import type { Database } from "../db/client.server";
import {
  fiscalDataRequests,
  fiscalProfiles,
  groupBookings,
  groups,
  groupSessions,
  invoiceCounters,
  invoices,
  payments,
  practiceSettings,
  refunds,
  therapists,
  type InvoiceIssuer,
  type InvoiceLine,
  type InvoiceParty,
} from "../db/schema";
import { env, publicBaseUrl } from "../env.server";
import { HttpError } from "../http/errors.server";
import { ClientAreaNoticeEmail } from "../mail/client-area-templates";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { chargesByBooking } from "./charges.server";

/**
 * The fattura sanitaria of each payment and the nota di credito of each refund or correction
 * (DESIGN §14a). A document is drawn in the transaction of the money it documents when the
 * practice's fiscal identity and the person's fiscal data are complete; otherwise the payment is
 * recorded and its invoice waits (`issueWaitingInvoices` draws it once the data arrive). Numbers
 * are progressive per kind and year without gaps: the counter row is locked until the transaction
 * ends, so parallel payments get consecutive numbers and a rolled-back one gives its number back.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/**
 * Whether the demo's fictitious identity (practice_settings.demo) is refused: on a real production
 * start (NODE_ENV=production without SEED_DEMO=true). The local trial (`npm start`) runs the
 * production build with SEED_DEMO=true and keeps issuing its demo invoices (decision 061).
 */
export const demoValuesRefused = () => env().isProduction && env().SEED_DEMO !== "true";

/** What an invoice still lacks of the practice's identity: the fields' labels, then "Dati di prova" where demo values are refused. */
export function practiceGaps(settings: (PracticeFiscalFields & { demo?: boolean }) | null) {
  const gaps = practiceFiscalGaps(settings ?? {});
  if (settings?.demo && demoValuesRefused()) gaps.push(DEMO_VALUES_GAP);
  return gaps;
}

export async function practiceFiscalIdentity(db: Executor) {
  const [settings] = await db.select().from(practiceSettings).where(eq(practiceSettings.id, 1));
  return { settings: settings ?? null, gaps: practiceGaps(settings ?? null) };
}

export const fiscalEmail = (email: string) => email.trim().toLowerCase();

export async function fiscalProfileOf(db: Executor, email: string) {
  const [profile] = await db
    .select()
    .from(fiscalProfiles)
    .where(eq(fiscalProfiles.email, fiscalEmail(email)));
  return profile ?? null;
}

async function nextNumber(tx: Tx, kind: InvoiceKind, year: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.kind, invoiceCounters.year], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return { sequence: row!.lastNumber, number: documentNumberOf(kind, year, row!.lastNumber) };
}

function issuerOf(settings: NonNullable<Awaited<ReturnType<typeof practiceFiscalIdentity>>["settings"]>): InvoiceIssuer {
  return {
    name: settings.legalName!,
    addressLine: settings.addressLine!,
    postalCode: settings.postalCode!,
    city: settings.city!,
    province: settings.province!,
    codiceFiscale: settings.codiceFiscale!,
    partitaIva: settings.partitaIva!,
    taxRegimeNote: settings.taxRegimeNote,
    iban: settings.iban,
    accountHolder: settings.accountHolder,
  };
}

function recipientOf(profile: typeof fiscalProfiles.$inferSelect): InvoiceParty {
  return {
    name: `${profile.firstName} ${profile.lastName}`,
    addressLine: profile.addressLine,
    postalCode: profile.postalCode,
    city: profile.city,
    province: profile.province,
    codiceFiscale: profile.codiceFiscale,
  };
}

/**
 * The lines of a payment's invoice: the charged sessions it pays for, in date order after what the
 * earlier payments (less corrections) covered; what is paid ahead of any charge covers the group's
 * next meetings at the tariff the member pays now; a remainder smaller than one session is an advance.
 */
async function paymentLines(tx: Tx, payment: typeof payments.$inferSelect): Promise<InvoiceLine[]> {
  if (!payment.bookingId) return [{ description: invoiceLineDescription(null), sessionStartsAt: null, therapist: null, amountCents: payment.amountCents }];
  const [booking] = await tx
    .select({ id: groupBookings.id, groupId: groupBookings.groupId, iseeApprovedAt: groupBookings.iseeApprovedAt })
    .from(groupBookings)
    .where(eq(groupBookings.id, payment.bookingId));
  if (!booking) return [{ description: invoiceLineDescription(null), sessionStartsAt: null, therapist: null, amountCents: payment.amountCents }];
  const charges = (await chargesByBooking(tx, [booking])).get(booking.id) ?? [];
  const [prior] = await tx
    .select({
      paid: sql<string>`coalesce((select sum(${payments.amountCents}) from ${payments} where ${payments.bookingId} = ${booking.id} and (${payments.createdAt}, ${payments.id}) < (${payment.createdAt}, ${payment.id})), 0)`,
      corrected: sql<string>`coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.bookingId} = ${booking.id} and ${refunds.createdAt} < ${payment.createdAt}), 0)`,
      stamps: sql<string>`coalesce((select sum(${invoices.stampDutyCents}) from ${invoices} join ${payments} p on p.id = ${invoices.paymentId} where p.booking_id = ${booking.id} and ${invoices.stampDutyCharged} and (p.created_at, p.id) < (${payment.createdAt}, ${payment.id})), 0)`,
    })
    .from(sql`(select 1) as one`);
  let covered = Number(prior!.paid) - Number(prior!.corrected) - Number(prior!.stamps);
  let left = payment.amountCents;
  const sessionIds: string[] = [];
  const paidFor: { sessionId: string; cents: number }[] = [];
  for (const charge of charges) {
    if (left <= 0) break;
    const open = charge.amountCents - Math.min(Math.max(covered, 0), charge.amountCents);
    covered = Math.max(0, covered - charge.amountCents);
    if (open <= 0) continue;
    const cents = Math.min(open, left);
    paidFor.push({ sessionId: charge.sessionId, cents });
    sessionIds.push(charge.sessionId);
    left -= cents;
  }
  const ahead: { sessionId: string; cents: number }[] = [];
  if (left > 0 && booking.groupId) {
    const fee = tariffs[booking.iseeApprovedAt ? "reduced" : "standard"].amountCents;
    const charged = new Set(charges.map((charge) => charge.sessionId));
    const next = await tx
      .select({ id: groupSessions.id })
      .from(groupSessions)
      .where(and(eq(groupSessions.groupId, booking.groupId), eq(groupSessions.status, "scheduled"), sql`${groupSessions.startsAt} > ${payment.paidAt}`))
      .orderBy(asc(groupSessions.startsAt))
      .limit(Math.ceil(left / fee) + charged.size);
    for (const session of next) {
      if (left < fee) break;
      if (charged.has(session.id)) continue;
      ahead.push({ sessionId: session.id, cents: fee });
      sessionIds.push(session.id);
      left -= fee;
    }
  }
  const held = sessionIds.length
    ? await tx
        .select({ id: groupSessions.id, startsAt: groupSessions.startsAt, therapist: therapists.name, registration: therapists.registrationNumber })
        .from(groupSessions)
        .innerJoin(groups, eq(groups.id, groupSessions.groupId))
        .innerJoin(therapists, eq(therapists.id, groups.therapistId))
        .where(sql`${groupSessions.id} in ${sessionIds}`)
    : [];
  const byId = new Map(held.map((session) => [session.id, session]));
  const line = (item: { sessionId: string; cents: number }, advance: boolean): InvoiceLine => {
    const session = byId.get(item.sessionId)!;
    return {
      description: invoiceLineDescription(session.startsAt, advance),
      sessionStartsAt: session.startsAt.toISOString(),
      therapist: invoiceTherapistLabel(session.therapist, session.registration),
      amountCents: item.cents,
    };
  };
  const lines = [...paidFor.map((item) => line(item, false)), ...ahead.map((item) => line(item, true))];
  if (left > 0) lines.push({ description: invoiceLineDescription(null), sessionStartsAt: null, therapist: null, amountCents: left });
  return lines;
}

export type InvoiceOutcome = { status: "issued"; id: string; number: string } | { status: "waiting"; reason: "practice" | "person"; email: string | null };

/**
 * In the payment's transaction: its invoice, drawn now when the data are complete. Otherwise the
 * invoice waits, and (once per person) the person is asked for their fiscal data by e-mail
 * (`fiscalDataRequested` says whether this call was the first).
 */
export async function issueInvoiceForPayment(tx: Tx, paymentId: string, actorId: string | null, now: Date = new Date()) {
  const [existing] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.paymentId, paymentId));
  if (existing) return { outcome: { status: "issued", ...existing } satisfies InvoiceOutcome, fiscalDataRequested: false };
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new HttpError(404, "Pagamento non trovato.");
  const [booking] = payment.bookingId ? await tx.select({ email: groupBookings.email }).from(groupBookings).where(eq(groupBookings.id, payment.bookingId)) : [];
  const email = booking ? fiscalEmail(booking.email) : null;
  const practice = await practiceFiscalIdentity(tx);
  const profile = email ? await fiscalProfileOf(tx, email) : null;
  if (!profile || !practice.settings || practice.gaps.length > 0) {
    let fiscalDataRequested = false;
    if (email && !profile) fiscalDataRequested = await askForFiscalData(tx, email, now);
    const outcome: InvoiceOutcome = { status: "waiting", reason: practice.gaps.length > 0 ? "practice" : "person", email };
    return { outcome, fiscalDataRequested };
  }
  const lines = await paymentLines(tx, payment);
  const stamp = stampDutyFor(payment.amountCents, practice.settings.stampDutyCharged);
  // A stamp duty charged to the person is part of what they paid: the sessions' lines cover the rest.
  if (stamp.charged) shrinkLines(lines, stamp.cents);
  const paidOn = todayInRome(payment.paidAt);
  const year = Number(todayInRome(now).slice(0, 4));
  const { sequence, number } = await nextNumber(tx, "invoice", year);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      kind: "invoice",
      number,
      year,
      sequence,
      issuedOn: todayInRome(now),
      paymentId: payment.id,
      bookingId: payment.bookingId,
      issuer: issuerOf(practice.settings),
      recipient: recipientOf(profile),
      tsOpposition: profile.tsOpposition,
      lines,
      subtotalCents: lines.reduce((sum, item) => sum + item.amountCents, 0),
      stampDutyCents: stamp.cents,
      stampDutyCharged: stamp.charged,
      totalCents: payment.amountCents,
      paymentMethod: payment.method,
      paidOn,
      createdBy: actorId,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return { outcome: { status: "issued", ...invoice! } satisfies InvoiceOutcome, fiscalDataRequested: false };
}

/**
 * The first time an invoice of `email` waits for their fiscal data: the request is recorded and the
 * person is e-mailed, in the payment's transaction, with a link to the form in their area (sign-in
 * first). The e-mail says only that their data are needed for an invoice. Later calls do nothing.
 */
async function askForFiscalData(tx: Tx, email: string, now: Date) {
  const asked = await tx.insert(fiscalDataRequests).values({ email, requestedAt: now }).onConflictDoNothing().returning({ email: fiscalDataRequests.email });
  if (asked.length === 0) return false;
  await enqueueEmails(tx, [
    {
      to: email,
      subject: "Ci servono i tuoi dati per la fattura",
      template: "client-fiscal-data-request",
      body: emailBody(ClientAreaNoticeEmail, {
        name: null,
        preview: "Per emettere la tua fattura ci servono i tuoi dati fiscali",
        paragraphs: [
          "per emettere la fattura del tuo pagamento ci servono i tuoi dati fiscali: nome e cognome, indirizzo di residenza e codice fiscale.",
          "Li inserisci una volta sola nella tua area personale, alla voce Dati fiscali: entri con il link che ti mandiamo per email, senza password. Appena li salvi emettiamo la fattura e la trovi in Pagamenti.",
        ],
        areaUrl: `${publicBaseUrl()}${clientAreaPaths.fiscalData}`,
        footerNote: "Ti scriviamo perché abbiamo registrato un tuo pagamento: la fattura lo documenta e ti serve anche per la detrazione.",
      }),
    },
  ]);
  return true;
}

/** Takes `cents` off the last lines (the stamp duty the person paid within the same amount). */
function shrinkLines(lines: InvoiceLine[], cents: number) {
  let left = cents;
  for (let index = lines.length - 1; index >= 0 && left > 0; index--) {
    const take = Math.min(left, lines[index]!.amountCents - 1);
    lines[index]!.amountCents -= take;
    left -= take;
  }
}

/** Payments without their invoice (of one person, by address in lower case, or everyone's); the query joins invoices and group_bookings. */
const waitingFor = (email: string | null) => and(isNull(invoices.id), email ? sql`lower(${groupBookings.email}) = ${fiscalEmail(email)}` : undefined);

/**
 * How many invoices wait (of one person, or everyone's when `email` is null). Everyone's is the sum
 * kept per booking in ledger_balances (migration 0022's triggers count a booking's payments without
 * an invoice), plus the payments whose booking was erased: matching 80,000 payments to their invoices
 * took 150-330 ms on the settings screen at 2,000 members.
 */
export async function countWaitingInvoices(db: Executor, email: string | null) {
  if (email === null) {
    const { rows } = await db.execute<{ count: number }>(sql`
      select (select coalesce(sum(waiting_invoices), 0) from ledger_balances)::int
        + (select count(*) from payments p where p.booking_id is null and not exists (select 1 from invoices i where i.payment_id = p.id))::int as count`);
    return rows[0]?.count ?? 0;
  }
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .leftJoin(groupBookings, eq(groupBookings.id, payments.bookingId))
    .where(waitingFor(email));
  return row?.count ?? 0;
}

/**
 * Draws the invoices still waiting (of one person, or of everyone when `email` is null), oldest
 * payment first, each in its own transaction; those of people still without fiscal data keep
 * waiting. Returns how many were issued.
 */
export async function issueWaitingInvoices(db: Database, email: string | null, actorId: string | null, now: Date = new Date()) {
  const waiting = await db
    .select({ id: payments.id })
    .from(payments)
    .leftJoin(invoices, eq(invoices.paymentId, payments.id))
    .leftJoin(groupBookings, eq(groupBookings.id, payments.bookingId))
    .where(waitingFor(email))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  let issued = 0;
  for (const payment of waiting) {
    const result = await db.transaction((tx) => issueInvoiceForPayment(tx, payment.id, actorId, now));
    if (result.outcome.status === "issued") issued++;
    // Without the practice's identity nothing can be issued; one person's missing data holds up only theirs.
    else if (result.outcome.reason === "practice") break;
  }
  return issued;
}

/**
 * In the refund's transaction: the credit note documenting it against `invoiceId`, frozen from the
 * invoice it corrects (same issuer and recipient), with its own numbering.
 */
export async function issueCreditNote(tx: Tx, refundId: string, actorId: string | null, now: Date = new Date()) {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund?.invoiceId) throw new HttpError(409, "Nessuna fattura da correggere.");
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, refund.invoiceId));
  if (!invoice || invoice.kind !== "invoice") throw new HttpError(409, "Nessuna fattura da correggere.");
  const year = Number(todayInRome(now).slice(0, 4));
  const { sequence, number } = await nextNumber(tx, "credit_note", year);
  const description = `Storno parziale della fattura n. ${invoice.number} del ${invoice.issuedOn.split("-").reverse().join("/")}`;
  const [note] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      year,
      sequence,
      issuedOn: todayInRome(now),
      refundId: refund.id,
      correctsInvoiceId: invoice.id,
      bookingId: refund.bookingId,
      issuer: invoice.issuer,
      recipient: invoice.recipient,
      tsOpposition: invoice.tsOpposition,
      lines: [
        {
          description: refund.amountCents === invoice.totalCents ? `Storno della fattura n. ${invoice.number}` : description,
          sessionStartsAt: null,
          therapist: null,
          amountCents: refund.amountCents,
        },
      ],
      subtotalCents: refund.amountCents,
      stampDutyCents: 0,
      stampDutyCharged: false,
      totalCents: refund.amountCents,
      paymentMethod: invoice.paymentMethod,
      paidOn: todayInRome(refund.createdAt),
      reason: refund.reason,
      createdBy: actorId,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return note!;
}

export async function getInvoice(db: Executor, id: string) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  return invoice ?? null;
}
