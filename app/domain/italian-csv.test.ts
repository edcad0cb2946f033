import { describe, expect, it } from "vitest";
import { csvEuro, csvField, csvHeader, csvLine, italianCsv } from "./italian-csv";
import { formatNumericDate } from "./italian-date";
import { readItalianCsv as readBack } from "../../tests/support/read-italian-csv";

describe("italian CSV", () => {
  it("writes a file Excel reads back field by field, separators, quotes and line breaks included", () => {
    const text = italianCsv(
      ["Numero", "Data", "Destinatario", "Descrizione", "Importo", "Pagata"],
      [
        ["2026-0001", new Date("2026-11-12T17:30:00Z"), "Lucia D'Amico", 'Seduta "di prova"; gruppo del martedì', csvEuro(3000), true],
        ["2026-0002", formatNumericDate("2026-11-19"), "Niccolò Bianchi", "Prima riga\nseconda riga", csvEuro(106500), false],
      ],
    );
    expect(readBack(text)).toEqual([
      ["Numero", "Data", "Destinatario", "Descrizione", "Importo", "Pagata"],
      ["2026-0001", "12/11/2026", "Lucia D'Amico", 'Seduta "di prova"; gruppo del martedì', "30,00", "Sì"],
      ["2026-0002", "19/11/2026", "Niccolò Bianchi", "Prima riga\nseconda riga", "1065,00", "No"],
    ]);
  });

  it("puts the byte-order mark only before the header, and ends every line with CRLF", () => {
    expect(csvHeader(["Nome", "Città"])).toBe("\uFEFFNome;Città\r\n");
    expect(csvLine(["a", "b"])).toBe("a;b\r\n");
  });

  it("writes amounts with a decimal comma and no thousands separator, negative ones as numbers", () => {
    expect(csvField(csvEuro(106500))).toBe("1065,00");
    expect(csvField(csvEuro(-3500))).toBe("-35,00");
    expect(csvField(12.5)).toBe("12,5");
    expect(csvField(-3)).toBe("-3");
  });

  it("dates instants by the day in Italy", () => {
    expect(csvField(new Date("2026-11-11T23:30:00Z"))).toBe("12/11/2026");
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+39 333 1234567", "'+39 333 1234567"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
  ])("keeps a text that looks like a formula a text: %j", (input, field) => {
    expect(csvField(input)).toBe(field);
  });

  it("leaves empty what is missing", () => {
    expect(csvLine([null, undefined, ""])).toBe(";;\r\n");
  });

  it("streams: header then lines make the same file as the whole", () => {
    const rows = [
      ["x", csvEuro(1)],
      ["y;z", csvEuro(200)],
    ] as const;
    expect(csvHeader(["A", "B"]) + rows.map((row) => csvLine(row)).join("")).toBe(italianCsv(["A", "B"], rows));
  });
});
