import { describe, expect, it } from "vitest";
import { epcAmount, epcQr, epcQrModules, epcQrSvg, type EpcTransfer } from "./epc-qr";

const transfer: EpcTransfer = {
  name: "Studio di Psicoterapia Insieme",
  iban: "IT60 X054 2811 1010 0000 0123 456",
  amountCents: 106500,
  remittance: "Fattura 2026-0001",
};

function payloadOf(input: EpcTransfer) {
  const result = epcQr(input);
  if (!result.ok) throw new Error(result.message);
  return result.qr;
}

describe("epcQr", () => {
  it("writes the EPC069-12 version 002 payload, line by line", () => {
    expect(payloadOf(transfer).payload).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "", // BIC: optional within the EEA
        "Studio di Psicoterapia Insieme",
        "IT60X0542811101000000123456",
        "EUR1065.00",
        "", // purpose
        "", // structured reference
        "Fattura 2026-0001",
      ].join("\n"),
    );
  });

  it("ends at the last element given, and writes the BIC when there is one", () => {
    expect(payloadOf({ ...transfer, remittance: undefined, bic: "bppi itrr xxx" }).payload).toBe(
      "BCD\n002\n1\nSCT\nBPPIITRRXXX\nStudio di Psicoterapia Insieme\nIT60X0542811101000000123456\nEUR1065.00",
    );
  });

  it("keeps each element on one line", () => {
    expect(
      payloadOf({ ...transfer, remittance: "Fattura\n2026-0001\tsedute  di novembre" })
        .payload.split("\n")
        .at(-1),
    ).toBe("Fattura 2026-0001 sedute di novembre");
  });

  it("names the code for screen readers with amount, beneficiary and remittance", () => {
    expect(payloadOf(transfer).label).toBe("Codice QR per pagare 1.065,00\u00a0€ con bonifico a Studio di Psicoterapia Insieme, causale «Fattura 2026-0001»");
  });

  it.each([
    [{ name: "  " }, "Manca il nome del beneficiario del bonifico."],
    [{ name: "x".repeat(71) }, "Il nome del beneficiario può avere al massimo 70 caratteri."],
    [{ iban: "IT61X0542811101000000123456" }, "L'IBAN non è corretto: le cifre di controllo non corrispondono. Controlla di averlo copiato bene."],
    [{ bic: "BPPI" }, "Il BIC deve avere 8 o 11 caratteri, per esempio BPPIITRRXXX."],
    [{ amountCents: 0 }, "L'importo del bonifico deve essere tra 0,01 € e 999.999.999,99 €."],
    [{ amountCents: 100_000_000_000 }, "L'importo del bonifico deve essere tra 0,01 € e 999.999.999,99 €."],
    [{ amountCents: 10.5 }, "L'importo del bonifico deve essere tra 0,01 € e 999.999.999,99 €."],
    [{ remittance: "x".repeat(141) }, "La causale può avere al massimo 140 caratteri."],
    [{ name: "ü".repeat(70), remittance: "ü".repeat(140) }, "Il nome e la causale sono troppo lunghi per il codice QR: accorciali."],
  ] as [Partial<EpcTransfer>, string][])("refuses %j", (change, message) => {
    expect(epcQr({ ...transfer, ...change })).toEqual({ ok: false, message });
  });

  it("accepts the limits: 70-character name, 140-character remittance, 0,01 € and 999.999.999,99 €", () => {
    expect(epcQr({ ...transfer, name: "x".repeat(70), remittance: "y".repeat(140) }).ok).toBe(true);
    expect(epcAmount(1)).toBe("EUR0.01");
    expect(epcAmount(99_999_999_999)).toBe("EUR999999999.99");
  });
});

describe("epcQrSvg", () => {
  it("renders an SVG titled for screen readers", () => {
    const svg = epcQrSvg(payloadOf({ ...transfer, name: "Studio <Rossi> & Bianchi" }));
    expect(svg).toMatch(/^<svg role="img" aria-label="Codice QR per pagare [^"]+" shape-rendering="crispEdges" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("<title>Codice QR per pagare 1.065,00\u00a0€ con bonifico a Studio &lt;Rossi&gt; &amp; Bianchi, causale «Fattura 2026-0001»</title>");
    expect(svg.endsWith("</svg>")).toBe(true);
  });
});

describe("epcQrModules", () => {
  it("gives a square of modules with a four-module quiet zone, within QR version 13", () => {
    const modules = epcQrModules(payloadOf(transfer));
    const size = modules.length;
    expect(modules.every((row) => row.length === size)).toBe(true);
    expect(size).toBeLessThanOrEqual(17 + 4 * 13 + 8);
    expect(modules[0]?.some(Boolean)).toBe(false);
    expect(modules[4]?.[4]).toBe(true); // the top-left finder pattern starts after the quiet zone
  });
});
