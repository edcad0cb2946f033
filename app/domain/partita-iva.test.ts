import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectEverySingleTypoRefused } from "../../tests/support/single-typos";
import { codiceFiscaleMessages } from "./codice-fiscale";
import {
  checkIssuerCodiceFiscale,
  checkPartitaIva,
  issuerCodiceFiscaleMessages,
  issuerCodiceFiscaleSchema,
  partitaIvaCheckDigit,
  partitaIvaMessages,
  partitaIvaSchema,
} from "./partita-iva";

// Worked examples published with the algorithm (losapevi.it, aino.it).
const published = ["86334519757", "02342520158"];

describe("checkPartitaIva", () => {
  it.each(published)("accepts the published number %s", (number) => {
    expect(checkPartitaIva(number)).toEqual({ ok: true, value: number });
  });

  it("accepts spaces and the IT prefix of the European VAT number", () => {
    expect(checkPartitaIva(" IT 863 345 197 57 ")).toEqual({ ok: true, value: "86334519757" });
    expect(checkPartitaIva("it86334519757")).toEqual({ ok: true, value: "86334519757" });
  });

  it("refuses a wrong check digit", () => {
    expect(checkPartitaIva("86334519758")).toEqual({ ok: false, problem: "check", message: partitaIvaMessages.check });
  });

  it("refuses any single changed digit", () => {
    expectEverySingleTypoRefused("86334519757", checkPartitaIva);
  });

  it("computes a check digit every valid number agrees with", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/).filter((digits) => !/^0+$/.test(digits)),
        (first10) => {
          expect(checkPartitaIva(`${first10}${partitaIvaCheckDigit(first10)}`).ok).toBe(true);
        },
      ),
    );
  });

  it.each([
    ["", "empty"],
    ["8633451975", "format"],
    ["863345197570", "format"],
    ["8633451975A", "format"],
    ["00000000000", "format"],
  ] as const)("refuses %j (%s)", (input, problem) => {
    expect(checkPartitaIva(input)).toEqual({ ok: false, problem, message: partitaIvaMessages[problem] });
  });

  it("has a schema that parses to the 11 digits or fails in Italian", () => {
    expect(partitaIvaSchema.parse("IT 86334519757")).toBe("86334519757");
    expect(partitaIvaSchema.safeParse("86334519758").error?.issues[0]?.message).toBe(partitaIvaMessages.check);
  });
});

describe("checkIssuerCodiceFiscale", () => {
  it("accepts a professional's personal code", () => {
    expect(checkIssuerCodiceFiscale("rssmra85t10a562s")).toEqual({ ok: true, value: "RSSMRA85T10A562S", kind: "person" });
  });

  it("accepts the 11-digit code of a practice or company", () => {
    expect(checkIssuerCodiceFiscale("863 345 197 57")).toEqual({ ok: true, value: "86334519757", kind: "entity" });
  });

  it.each([
    ["", issuerCodiceFiscaleMessages.empty],
    ["8633451975", issuerCodiceFiscaleMessages.length],
    ["RSSMRA85T10A56", issuerCodiceFiscaleMessages.length],
    ["86334519758", issuerCodiceFiscaleMessages.numericCheck],
    ["RSSMRA85T10A562T", codiceFiscaleMessages.check],
  ])("refuses %j", (input, message) => {
    expect(checkIssuerCodiceFiscale(input)).toEqual({ ok: false, message });
    expect(issuerCodiceFiscaleSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});
