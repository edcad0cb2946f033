import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";
import { formatEuro, formatEuroPlain, formatInteger } from "./money";

describe("formatEuro", () => {
  it.each([
    [0, "0,00 €"],
    [5, "0,05 €"],
    [3500, "35,00 €"],
    [106500, "1.065,00 €"],
    [1234567, "12.345,67 €"],
    [123456789, "1.234.567,89 €"],
    [-3500, "-35,00 €"],
    [-106550, "-1.065,50 €"],
  ])("%i cents → %s", (cents, text) => {
    expect(formatEuro(cents)).toBe(text.replace(" €", "\u00a0€"));
  });

  it("agrees with Intl's Italian euro format wherever Intl groups (five digits and more)", () => {
    const intl = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        if (Math.abs(cents) >= 100_000 && Math.abs(cents) < 1_000_000) return; // four-digit euros: Intl leaves them ungrouped
        expect(formatEuro(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it("refuses an amount that is not whole cents", () => {
    expect(() => formatEuro(10.5)).toThrow(RangeError);
  });
});

describe("formatEuroPlain", () => {
  it.each([
    [106500, "1065,00"],
    [5, "0,05"],
    [-3500, "-35,00"],
    [123456789, "1234567,89"],
  ])("%i cents → %s", (cents, text) => {
    expect(formatEuroPlain(cents)).toBe(text);
  });
});

describe("formatInteger", () => {
  it("groups thousands with a dot, four digits included", () => {
    expect([0, 999, 1065, 20_000, 1_234_567, -1065].map(formatInteger)).toEqual(["0", "999", "1.065", "20.000", "1.234.567", "-1.065"]);
  });
});

describe("money on every screen, e-mail and document", () => {
  it("is formatted by formatEuro alone: no Intl currency format, which leaves 1065,00 € ungrouped", () => {
    const found = sourceFiles(path.resolve(__dirname, "..")).filter((file) =>
      /style:\s*"currency"|currency:\s*"EUR"\s*}\)|toLocaleString\([^)]*currency/.test(readFileSync(file, "utf8")),
    );
    expect(found.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });
});
