import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";
import { auditActionLabels, auditDetailFields, auditEntityLabels, auditEventLabel } from "./audit-labels";

const literals = (text: string) => [...text.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);

/**
 * The action and entity codes the app writes to the audit log, read from its sources: the `action:` and
 * `entity:` of every file that audits, the availability's `entry("create", "therapist_availability", …)`,
 * the lists' `{ list, row }`, the record pages' intents and the CSV exports' datasets.
 */
function auditedCodes() {
  const actions = new Set<string>();
  const entities = new Set<string>();
  for (const file of sourceFiles(path.resolve(__dirname, ".."))) {
    const text = readFileSync(file, "utf8");
    if (!/\baudit\(|auditLog\)\.values\(|auditListRead\(|recordActions?\(|pageWithOpenRow\(/.test(text)) continue;
    for (const match of text.matchAll(/\baction: ([^,}\n]+)/g)) literals(match[1]!).forEach((code) => actions.add(code));
    for (const match of text.matchAll(/\bentity: ([^,}\n]+)/g)) literals(match[1]!).forEach((code) => entities.add(code));
    for (const match of text.matchAll(/\bentry\("([^"]+)", "([^"]+)"/g)) {
      actions.add(match[1]!);
      entities.add(match[2]!);
    }
    // A helper that audits on the service's behalf: `auditSystem(tx, "escalate", …)`.
    for (const match of text.matchAll(/\baudit\w+\(\w+, "([a-z-]+)"/g)) actions.add(match[1]!);
    for (const match of text.matchAll(/\blist: "([^"]+)", row: "([^"]+)"/g)) [match[1]!, match[2]!].forEach((code) => entities.add(code));
    // A record page's other intents are audited under their own name (`intents: { delete: … }`).
    for (const block of text.matchAll(/\bintents: \{([\s\S]*?)\n {2}\},?\n/g)) for (const key of block[1]!.matchAll(/^ {4}"?([a-z-]+)"?: \{/gm)) actions.add(key[1]!);
    // The CSV exports audit their dataset's name.
    if (/entity: params\.dataset/.test(text)) for (const dataset of text.matchAll(/case "([a-z-]+)":/g)) entities.add(dataset[1]!);
  }
  return { actions, entities };
}

describe("the audit log in words", () => {
  const { actions, entities } = auditedCodes();

  it("finds the codes the app writes", () => {
    expect([...actions]).toEqual(expect.arrayContaining(["create", "list", "erase", "attendance", "delete", "close", "confirm", "unlock"]));
    expect([...entities]).toEqual(expect.arrayContaining(["payment", "contacts", "email_outbox", "therapist_availability", "contatti", "blog_post"]));
  });

  it("has a label for every action the app writes", () => {
    expect([...actions].filter((code) => !(code in auditActionLabels))).toEqual([]);
  });

  it("has a label for every kind of data the app audits", () => {
    expect([...entities].filter((code) => !(code in auditEntityLabels))).toEqual([]);
  });

  it("says what happened in one phrase", () => {
    expect(auditEventLabel("create", "payment")).toBe("Pagamento registrato");
    expect(auditEventLabel("list", "email_outbox")).toBe("Elenco consultato");
  });

  it("shows details as labelled fields, amounts in euro, never as JSON", () => {
    expect(auditDetailFields({ bookingId: "b-1", amountCents: 106_500, invoiceNumber: "2026/12", q: undefined })).toEqual([
      { label: "Prenotazione", value: "b-1" },
      { label: "Importo", value: "1.065,00\u00a0€" },
      { label: "Fattura n.", value: "2026/12" },
    ]);
    expect(auditDetailFields({ callRoomUrl: { from: null, to: "https://meet.example/a" }, by: "self" })).toEqual([
      { label: "Stanza per le chiamate", value: "— → https://meet.example/a" },
      { label: "Chi", value: "la persona stessa" },
    ]);
    expect(auditDetailFields({ removed: { group_bookings: 1, email_outbox: 3 } })).toEqual([{ label: "Dati rimossi", value: "Prenotazioni: 1; E-mail in coda: 3" }]);
    expect(auditDetailFields(null)).toEqual([]);
  });
});
