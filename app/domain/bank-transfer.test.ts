import { describe, expect, it } from "vitest";
import { bankTransferDetails, bookingIdRange, isSepaText, paymentCode, paymentCodesIn, paymentReference, transferAmount, type PracticeAccount } from "./bank-transfer";

const BOOKING = "3f9c2a71-5b0e-4c1d-9a2b-0123456789ab";
/** 0x3f9c2a715b in base 32, five bits at a time. */
const CODE = "7YE2MWAV";
const practice: PracticeAccount = { iban: "it60 x054 2811 1010 0000 0123 456", accountHolder: "Studio Insieme S.r.l.", stampDutyCharged: false };
/** 12 November 2026, 19:00 in Italy. */
const nov12 = new Date("2026-11-12T18:00:00Z");

describe("paymentCode", () => {
  it("writes the first 40 bits of the booking id in Crockford's base 32", () => {
    expect(paymentCode(BOOKING)).toBe(CODE);
    expect(paymentCode("00000000-0000-4000-8000-000000000000")).toBe("00000000");
    expect(paymentCode("ffffffff-ff00-4000-8000-000000000000")).toBe("ZZZZZZZZ");
  });

  it("differs for bookings whose ids differ in their first 40 bits", () => {
    expect(paymentCode("3f9c2a71-5c0e-4c1d-9a2b-0123456789ab")).not.toBe(CODE);
  });

  it("refuses what is not a booking id", () => {
    expect(() => paymentCode("non-un-id")).toThrow(RangeError);
  });
});

describe("paymentReference", () => {
  it("names the brand, the code and the sessions it pays for", () => {
    expect(paymentReference(BOOKING)).toBe(`INSIEME ${CODE}`);
    expect(paymentReference(BOOKING, [nov12])).toBe(`INSIEME ${CODE} seduta del 12/11/2026`);
    expect(paymentReference(BOOKING, [new Date("2026-10-29T18:00:00Z"), new Date("2026-11-05T18:00:00Z"), nov12])).toBe(`INSIEME ${CODE} 3 sedute fino al 12/11/2026`);
  });

  it("dates a session by its day in Italy", () => {
    // 00:30 on 13 November in Rome is still the 12th in UTC.
    expect(paymentReference(BOOKING, [new Date("2026-11-12T23:30:00Z")])).toBe(`INSIEME ${CODE} seduta del 13/11/2026`);
  });

  it("stays within 140 characters of the set every SEPA bank accepts", () => {
    const many = Array.from({ length: 400 }, (_, week) => new Date(Date.UTC(2020, 0, 1 + 7 * week, 18)));
    for (const reference of [paymentReference(BOOKING), paymentReference(BOOKING, [nov12]), paymentReference(BOOKING, many)]) {
      expect(isSepaText(reference)).toBe(true);
      expect(reference.length).toBeLessThanOrEqual(140);
    }
  });

  it("is unique per booking", () => {
    const ids = Array.from({ length: 2000 }, () => crypto.randomUUID());
    expect(new Set(ids.map((id) => paymentReference(id, [nov12]))).size).toBe(ids.length);
  });
});

describe("isSepaText", () => {
  it("accepts the basic Latin set and refuses the rest", () => {
    expect(isSepaText("Abc 09 /-?:().,'+")).toBe(true);
    for (const text of ["è", "–", "€", "&", "_", "\n", "«"]) expect(isSepaText(text)).toBe(false);
  });
});

describe("paymentCodesIn", () => {
  it("finds the code in a bank statement's line, whatever the case and spacing", () => {
    expect(paymentCodesIn(`BONIFICO SEPA DA MARIO ROSSI CAUSALE: INSIEME ${CODE} 3 SEDUTE FINO AL 12/11/2026`)).toEqual([CODE]);
    expect(paymentCodesIn(`insieme${CODE.toLowerCase()}`)).toEqual([CODE]);
    expect(paymentCodesIn(`Insieme - ${CODE}`)).toEqual([CODE]);
  });

  it("takes the code alone, and reads I and L as 1, O as 0", () => {
    expect(paymentCodesIn(` ${CODE} `)).toEqual([CODE]);
    expect(paymentCodesIn("INSIEME OOLIZZZZ")).toEqual(["0011ZZZZ"]);
  });

  it("skips the brand where no code follows it (the holder's name) and finds none in a name", () => {
    expect(paymentCodesIn(`A STUDIO INSIEME - DATI DI PROVA, INSIEME ${CODE}`)).toEqual([CODE]);
    expect(paymentCodesIn("Giulia Rossi")).toEqual([]);
    expect(paymentCodesIn("INSIEME UUUUUUUU")).toEqual([]);
    expect(paymentCodesIn("")).toEqual([]);
  });

  it("leads back to the booking: its id lies within the code's range", () => {
    const { from, to } = bookingIdRange(CODE);
    expect(from).toBe("3f9c2a71-5b00-0000-0000-000000000000");
    expect(to).toBe("3f9c2a71-5bff-ffff-ffff-ffffffffffff");
    expect(BOOKING >= from && BOOKING <= to).toBe(true);
    expect(() => bookingIdRange("ABC")).toThrow(RangeError);
  });
});

describe("transferAmount", () => {
  it("adds the €2 stamp duty when the practice recharges it and the sessions exceed €77.47", () => {
    expect(transferAmount(10_500, true)).toEqual({ amountCents: 10_700, stampDutyCents: 200 });
    expect(transferAmount(7747, true)).toEqual({ amountCents: 7747, stampDutyCents: 0 });
    expect(transferAmount(10_500, false)).toEqual({ amountCents: 10_500, stampDutyCents: 0 });
  });
});

describe("bankTransferDetails", () => {
  const debt = { bookingId: BOOKING, owedCents: 6500, owedSessions: [new Date("2026-11-05T18:00:00Z"), nov12] };

  it("gives the IBAN, holder, amount, causale and the EPC payload of what is owed", () => {
    const details = bankTransferDetails(practice, debt);
    expect(details).toMatchObject({
      status: "ready",
      iban: "IT60X0542811101000000123456",
      ibanGroups: "IT60 X054 2811 1010 0000 0123 456",
      holder: "Studio Insieme S.r.l.",
      amountCents: 6500,
      stampDutyCents: 0,
      reference: `INSIEME ${CODE} 2 sedute fino al 12/11/2026`,
    });
    expect(details?.status === "ready" && details.qr?.payload).toBe(
      ["BCD", "002", "1", "SCT", "", "Studio Insieme S.r.l.", "IT60X0542811101000000123456", "EUR65.00", "", "", `INSIEME ${CODE} 2 sedute fino al 12/11/2026`].join("\n"),
    );
  });

  it("is null when nothing is owed", () => {
    expect(bankTransferDetails(practice, { ...debt, owedCents: 0 })).toBeNull();
    expect(bankTransferDetails(practice, { ...debt, owedCents: -500 })).toBeNull();
  });

  it("says to contact the practice without a valid IBAN or a holder, never making one up", () => {
    for (const settings of [null, { ...practice, iban: null }, { ...practice, iban: "IT61X0542811101000000123456" }, { ...practice, accountHolder: "  " }]) {
      expect(bankTransferDetails(settings, debt)).toEqual({ status: "contact", amountCents: 6500, stampDutyCents: 0 });
    }
  });

  it("keeps the values when the holder is too long for the code", () => {
    const details = bankTransferDetails({ ...practice, accountHolder: "S".repeat(71) }, debt);
    expect(details).toMatchObject({ status: "ready", qr: null, amountCents: 6500 });
  });
});
