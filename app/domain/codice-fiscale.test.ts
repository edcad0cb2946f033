import { describe, expect, it } from "vitest";
import { expectEverySingleTypoRefused } from "../../tests/support/single-typos";
import { checkCodiceFiscale, codiceFiscaleCheckCharacter, codiceFiscaleMessages, codiceFiscaleSchema, normaliseCodiceFiscale } from "./codice-fiscale";

// Published examples: Mario Rossi born 10/12/1985 in Roma (A562), Mario Rossi born 11/02/1979 in Cesano
// Maderno (C566), Franco Rossi born 31/12/1980 in Milano (F205); an omocodic pair from squeeze69/codicefiscale.
const published = ["RSSMRA85T10A562S", "RSSMRA79B11C566R", "RSSFNC80T31F205U", "ABCDEF12B23P432P", "ABCDEF12B23P43NE"];

describe("checkCodiceFiscale", () => {
  it.each(published)("accepts the published code %s", (code) => {
    expect(checkCodiceFiscale(code)).toEqual({ ok: true, value: code });
  });

  it("accepts omocodic variants, whose check character is computed on the letters", () => {
    // RSSMRA85T10A562: the office replaces digits from the right (2→N, 6→S), then all seven.
    for (const code of ["RSSMRA85T10A56NH", "RSSMRA85T10A5SNT", "RSSMRAURTMLARSNL"]) {
      expect(checkCodiceFiscale(code)).toEqual({ ok: true, value: code });
    }
  });

  it("accepts a woman's day (41-71), read through omocodia too", () => {
    const first15 = "BNCLRA90A41H501"; // Laura Bianchi, 1 January 1990, Roma
    const code = `${first15}${codiceFiscaleCheckCharacter(first15)}`;
    expect(checkCodiceFiscale(code).ok).toBe(true);
    const omocodic = `BNCLRA90AQMH501`;
    expect(checkCodiceFiscale(`${omocodic}${codiceFiscaleCheckCharacter(omocodic)}`).ok).toBe(true);
  });

  it("accepts lowercase with spaces, and gives back the normalised code", () => {
    expect(checkCodiceFiscale("  rss mra 85t10 a562s ")).toEqual({ ok: true, value: "RSSMRA85T10A562S" });
    expect(normaliseCodiceFiscale("rssmra85t10\ta562s")).toBe("RSSMRA85T10A562S");
  });

  it("refuses a wrong check character with the message about the last character", () => {
    expect(checkCodiceFiscale("RSSMRA85T10A562T")).toEqual({ ok: false, problem: "check", message: codiceFiscaleMessages.check });
  });

  it("refuses a single mistyped character anywhere (the check character catches it)", () => {
    expectEverySingleTypoRefused("RSSMRA85T10A562S", checkCodiceFiscale, 15);
  });

  it("refuses the 11-digit code of a company or an entity, saying what it is", () => {
    const result = checkCodiceFiscale("01234567890");
    expect(result).toMatchObject({ ok: false, problem: "company" });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["RSSMRA85T10A562", "length"],
    ["RSSMRA85T10A562SX", "length"],
    ["RSS1RA85T10A562S", "format"], // a digit among the name letters
    ["RSSMRA85T10A56ZS", "format"], // Z is not an omocodia letter
    ["RSSMRA85F10A562S", "month"], // F is no month
    ["RSSMRA85T00A562S", "day"],
    ["RSSMRA85T32A562S", "day"],
    ["RSSMRA85T72A562S", "day"],
    ["RSSMRA85TLLA562S", "day"], // omocodic L L stands for day 00
  ] as const)("refuses %j: %s", (input, problem) => {
    expect(checkCodiceFiscale(input)).toEqual({ ok: false, problem, message: codiceFiscaleMessages[problem] });
  });
});

describe("codiceFiscaleSchema", () => {
  it("parses to the normalised code", () => {
    expect(codiceFiscaleSchema.parse(" rssmra85t10a562s")).toBe("RSSMRA85T10A562S");
  });

  it("fails with the Italian message of the first problem found", () => {
    const result = codiceFiscaleSchema.safeParse("RSSMRA85T10A562T");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([codiceFiscaleMessages.check]);
    expect(codiceFiscaleSchema.safeParse(undefined).error?.issues[0]?.message).toBe(codiceFiscaleMessages.empty);
  });
});
