import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkIban, formatIban, ibanMessages, ibanSchema } from "./iban";

// Published examples: the Italian one used in bank and EPC documentation, a German and a British one.
const ITALIAN = "IT60X0542811101000000123456";

describe("checkIban", () => {
  it.each([ITALIAN, "DE89370400440532013000", "GB82WEST12345698765432", "BE72000000001616"])("accepts %s", (iban) => {
    expect(checkIban(iban)).toEqual({ ok: true, value: iban });
  });

  it("accepts the printed form: lowercase, in groups, with spaces around", () => {
    expect(checkIban(" it60 x054 2811 1010 0000 0123 456 ")).toEqual({ ok: true, value: ITALIAN });
  });

  it("refuses an Italian IBAN that is not 27 characters, saying how many it has", () => {
    expect(checkIban(ITALIAN.slice(0, 26))).toEqual({
      ok: false,
      problem: "length",
      message: "Un IBAN che inizia con IT ha 27 caratteri, questo ne ha 26: controlla di averlo copiato tutto.",
    });
  });

  it("refuses a wrong check", () => {
    expect(checkIban("IT61X0542811101000000123456")).toEqual({ ok: false, problem: "check", message: ibanMessages.check });
  });

  it("refuses any single changed digit of the account", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 26 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const original = ITALIAN.charAt(position);
        if (!/\d/.test(original)) return;
        const changed = `${ITALIAN.slice(0, position)}${(Number(original) + shift) % 10}${ITALIAN.slice(position + 1)}`;
        expect(checkIban(changed).ok).toBe(false);
      }),
    );
  });

  it.each([
    ["", "empty"],
    ["6060X0542811101000000123456", "format"], // no country
    ["IT600054281110100000012345A", "format"], // the CIN must be a letter
    ["IT60X05428111010000001234!6", "format"],
  ] as const)("refuses %j (%s)", (input, problem) => {
    expect(checkIban(input)).toMatchObject({ ok: false, problem });
  });

  it("has a schema that parses to the IBAN without spaces", () => {
    expect(ibanSchema.parse("IT60 X054 2811 1010 0000 0123 456")).toBe(ITALIAN);
    expect(ibanSchema.safeParse("IT61X0542811101000000123456").error?.issues[0]?.message).toBe(ibanMessages.check);
  });
});

describe("formatIban", () => {
  it("prints groups of four, the last one shorter", () => {
    expect(formatIban(ITALIAN)).toBe("IT60 X054 2811 1010 0000 0123 456");
    expect(formatIban("de89 3704 0044 0532 0130 00")).toBe("DE89 3704 0044 0532 0130 00");
  });
});
