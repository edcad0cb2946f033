import { describe, expect, it } from "vitest";
import { balanceCents, chargesFor, parseEuroToCents, paymentSchema, splitPayment, totalCents, type LedgerSession } from "./ledger";

const week = (n: number, overrides: Partial<LedgerSession> = {}): LedgerSession => ({
  sessionId: `s${n}`,
  startsAt: new Date(Date.UTC(2026, 2, 2 + 7 * n, 18)),
  sessionStatus: "scheduled",
  attendanceStatus: "present",
  ...overrides,
});

describe("chargesFor", () => {
  it("charges the first attended session as the €30 trial, split €9 + €21", () => {
    expect(chargesFor([week(0)])).toEqual([{ sessionId: "s0", startsAt: week(0).startsAt, kind: "trial", amountCents: 3000, platformCents: 900, therapistCents: 2100 }]);
  });

  it("charges €35 (€14 + €21) for every session after the trial, in date order", () => {
    const charges = chargesFor([week(2), week(0), week(1)]);
    expect(charges.map((charge) => [charge.sessionId, charge.kind, charge.amountCents, charge.platformCents, charge.therapistCents])).toEqual([
      ["s0", "trial", 3000, 900, 2100],
      ["s1", "standard", 3500, 1400, 2100],
      ["s2", "standard", 3500, 1400, 2100],
    ]);
  });

  it("applies the reduced €30 (€9 + €21) from the first session after the ISEE approval", () => {
    const approvedAt = new Date(Date.UTC(2026, 2, 12));
    const charges = chargesFor([week(0), week(1), week(2), week(3)], approvedAt);
    expect(charges.map((charge) => [charge.kind, charge.amountCents, charge.platformCents])).toEqual([
      ["trial", 3000, 900],
      ["standard", 3500, 1400],
      ["reduced", 3000, 900],
      ["reduced", 3000, 900],
    ]);
  });

  it("keeps the trial a trial even when the ISEE was approved before it", () => {
    expect(chargesFor([week(0), week(1)], new Date(Date.UTC(2026, 0, 1))).map((charge) => charge.kind)).toEqual(["trial", "reduced"]);
  });

  it("does not charge an absence announced in time, and the next charged session becomes the trial", () => {
    const charges = chargesFor([week(0, { attendanceStatus: "absent_notified" }), week(1)]);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ sessionId: "s1", kind: "trial", amountCents: 3000 });
  });

  it("charges the full fee for a late or unannounced absence", () => {
    const charges = chargesFor([week(0), week(1, { attendanceStatus: "absent_unnotified" })]);
    expect(charges[1]).toMatchObject({ sessionId: "s1", kind: "standard", amountCents: 3500 });
  });

  it("charges nothing for a cancelled or moved session, whatever the attendance says", () => {
    expect(chargesFor([week(0, { sessionStatus: "cancelled" }), week(1, { sessionStatus: "moved", attendanceStatus: "absent_unnotified" })])).toEqual([]);
  });

  it("charges nothing for a session without recorded attendance", () => {
    expect(chargesFor([week(0, { attendanceStatus: null })])).toEqual([]);
  });
});

describe("balance", () => {
  it("is charges minus payments plus refunds", () => {
    const charged = totalCents(chargesFor([week(0), week(1), week(2)]));
    expect(charged).toBe(10_000);
    expect(balanceCents(charged, 6500, 0)).toBe(3500);
    expect(balanceCents(charged, 10_000, 3500)).toBe(3500);
    expect(balanceCents(charged, 13_500, 0)).toBe(-3500);
  });
});

describe("splitPayment", () => {
  const charges = chargesFor([week(0), week(1), week(2)]);
  const standard = { amountCents: 3500, platformCents: 1400, therapistCents: 2100 };

  it("splits a payment of the trial €9 + €21 and of a later session €14 + €21", () => {
    expect(splitPayment(3000, 0, charges, standard)).toEqual({ platformCents: 900, therapistCents: 2100 });
    expect(splitPayment(3500, 3000, charges, standard)).toEqual({ platformCents: 1400, therapistCents: 2100 });
  });

  it("adds the splits of every session one payment covers, and splits a prepayment at the current tariff", () => {
    expect(splitPayment(10_000, 0, charges, standard)).toEqual({ platformCents: 3700, therapistCents: 6300 });
    expect(splitPayment(3500, 10_000, charges, standard)).toEqual({ platformCents: 1400, therapistCents: 2100 });
  });
});

describe("parseEuroToCents", () => {
  it("reads the amounts staff type, with comma or dot", () => {
    expect(["35", "35,00", "35.5", "€ 30"].map(parseEuroToCents)).toEqual([3500, 3500, 3550, 3000]);
    expect(parseEuroToCents("abc")).toBeNaN();
    expect(parseEuroToCents("35,001")).toBeNaN();
    // Italian thousands or three decimals: ambiguous, so refused rather than guessed.
    expect(parseEuroToCents("1.000")).toBeNaN();
  });
});

describe("the payment form's person", () => {
  const personError = (booking_id: string | undefined) =>
    paymentSchema
      .safeParse({ booking_id, amount: "35", method: "bank_transfer", paid_on: "2026-03-20", idempotency_key: "6f1c7a52-3c1e-4c1b-9d1e-2a7b4c9e0f11" })
      .error?.issues.find((issue) => issue.path[0] === "booking_id")?.message;

  it("asks for a person when none was chosen, and refuses one that is not of the list", () => {
    expect(personError(undefined)).toBe("Scegli la persona.");
    expect(personError("non-una-persona")).toBe("Persona non valida.");
    expect(personError("6f1c7a52-3c1e-4c1b-9d1e-2a7b4c9e0f12")).toBeUndefined();
  });
});
