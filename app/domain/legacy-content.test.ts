import { describe, expect, it } from "vitest";
import { isLegacyHeading, parseLegacyContent } from "./legacy-content";

const article = `Sentirsi soli a trent'anni è più comune di quanto pensi.
Molte persone vivono circondate da colleghi e amici, eppure sentono di non essere davvero viste.

1. Perché ci sentiamo soli

La solitudine non dipende dal numero di persone che abbiamo intorno, ma dalla qualità dei legami.

2) Il ruolo del confronto

COSA PUOI FARE DA OGGI

Riconoscere ciò che provi è il primo passo.

Parlarne in gruppo aiuta

Nel gruppo scopri che altri vivono le stesse difficoltà: non sei l'unico.`;

describe("parseLegacyContent", () => {
  it("turns a plain Italian article into headings and paragraphs", () => {
    expect(parseLegacyContent(article)).toEqual([
      {
        type: "p",
        text: "Sentirsi soli a trent'anni è più comune di quanto pensi. Molte persone vivono circondate da colleghi e amici, eppure sentono di non essere davvero viste.",
      },
      { type: "h2", text: "1. Perché ci sentiamo soli" },
      {
        type: "p",
        text: "La solitudine non dipende dal numero di persone che abbiamo intorno, ma dalla qualità dei legami.",
      },
      { type: "h2", text: "2) Il ruolo del confronto" },
      { type: "h2", text: "COSA PUOI FARE DA OGGI" },
      { type: "p", text: "Riconoscere ciò che provi è il primo passo." },
      { type: "h2", text: "Parlarne in gruppo aiuta" },
      { type: "p", text: "Nel gruppo scopri che altri vivono le stesse difficoltà: non sei l'unico." },
    ]);
  });

  it("handles Windows line ends, blank lines with spaces and surrounding blank lines", () => {
    expect(parseLegacyContent("\r\n\r\nIntroduzione\r\n   \r\nTesto del primo paragrafo.\r\n\r\n\r\n")).toEqual([
      { type: "h2", text: "Introduzione" },
      { type: "p", text: "Testo del primo paragrafo." },
    ]);
  });

  it("gives nothing for empty content", () => {
    expect(parseLegacyContent("")).toEqual([]);
    expect(parseLegacyContent(" \n\n ")).toEqual([]);
  });
});

describe("isLegacyHeading", () => {
  it("recognises numbered headings, Arabic and Roman", () => {
    expect(isLegacyHeading("3. Come funziona una seduta di gruppo online")).toBe(true);
    expect(isLegacyHeading("IV. Le domande più frequenti")).toBe(true);
  });

  it("recognises a line mostly in capitals even when it ends with a question mark", () => {
    expect(isLegacyHeading("PERCHÉ IL GRUPPO FUNZIONA?")).toBe(true);
  });

  it("does not take a short sentence for a heading", () => {
    expect(isLegacyHeading("Non sei solo.")).toBe(false);
    expect(isLegacyHeading("Ti è mai capitato di sentirti così?")).toBe(false);
    expect(isLegacyHeading("1. Il primo passo è accorgersene.")).toBe(false);
  });

  it("does not take a block of several lines or a long line for a heading", () => {
    expect(isLegacyHeading("Il gruppo\nè uno spazio sicuro")).toBe(false);
    expect(isLegacyHeading("Quando il confronto con gli altri diventa costante e ci fa sentire sempre un passo indietro")).toBe(false);
  });

  it("does not take a lowercase fragment longer than usual headings for one", () => {
    expect(isLegacyHeading("e così, piano piano, le cose hanno iniziato a cambiare")).toBe(false);
    expect(isLegacyHeading("Un percorso di otto settimane che ti accompagna passo dopo passo")).toBe(false);
  });
});
