import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { beforeAll, describe, expect, it } from "vitest";
import { action as register } from "../../app/routes/api/send-registration-confirmation";
import { consentRecords, registrations } from "../../app/server/db/schema";
import { deliverDueEmails } from "../../app/server/mail/outbox.server";
import { smtpTransport } from "../../app/server/mail/transport.server";
import { saveDocument } from "../../app/server/services/admin-documents.server";
import { testDatabase } from "./database";
import { postJson, queuedMail, validRegistration } from "./helpers";

const pdf = (title: string) => Buffer.from(`%PDF-1.4\n% ${title}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

const valid = { ...validRegistration("elena@example.com"), timestamp: "2026-11-21T10:00:00.000Z" };

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-registration-"));
});

describe("registration confirmation", () => {
  it("blocks submission without every required consent", async () => {
    const db = await testDatabase();
    const result = await postJson(register, db, { ...valid, autorizzazioneContatto: false });
    expect(result.status).toBe(400);
    expect(result.body.fields.autorizzazioneContatto).toBe("È necessario accettare tutti i termini obbligatori per procedere");
  });

  it("stores the registration with its consents and e-mails the person and staff the three PDFs via SMTP", async () => {
    const db = await testDatabase();
    await saveDocument(db, "accordo-servizio", pdf("accordo"), "test");
    await saveDocument(db, "termini-condizioni", pdf("termini"), "test");
    await saveDocument(db, "privacy-policy", pdf("privacy"), "test");
    const result = await postJson(register, db, valid);
    expect(result.status).toBe(201);
    const [row] = await db.select().from(registrations).where(eq(registrations.email, "elena@example.com"));
    expect(row).toMatchObject({ firstName: "Elena", lastName: "Rossi", birthDate: "1992-03-14", privacy: true });
    expect(row?.submittedAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
    const consents = await db.select().from(consentRecords).where(eq(consentRecords.email, "elena@example.com"));
    expect(consents.map((consent) => consent.consent).sort()).toEqual(["accordo-servizio", "autorizzazione-contatto", "maggiorenne", "privacy", "termini-condizioni"]);

    const received: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port)));
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, "Insieme <noreply@example.com>");
    await deliverDueEmails(db, transport);
    transport.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(2);
    for (const mail of received) {
      expect(mail.attachments.map((attachment) => attachment.filename).sort()).toEqual(["accordo-servizio.pdf", "privacy-policy.pdf", "termini-condizioni.pdf"]);
      expect(mail.attachments.every((attachment) => attachment.contentType === "application/pdf")).toBe(true);
      // Staff's uploads replace the generated PDFs.
      expect(mail.attachments.find((attachment) => attachment.filename === "termini-condizioni.pdf")?.content.toString()).toContain("% termini");
    }
    const recipients = received.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : "")).sort();
    expect(recipients).toContain("elena@example.com");
  });

  it("registers an address once: a second submission (or two at once, in any case) answers the same, sends the PDFs once and stores the consents once", async () => {
    const db = await testDatabase();
    const person = { ...valid, email: "doppia@example.com" };
    const first = await postJson(register, db, person);
    const again = await Promise.all([postJson(register, db, { ...person, email: "Doppia@Example.com" }), postJson(register, db, person)]);
    expect([first, ...again].map((result) => [result.status, Object.keys(result.body)])).toEqual([
      [201, ["id"]],
      [201, ["id"]],
      [201, ["id"]],
    ]);
    expect(await db.select().from(registrations).where(eq(registrations.email, "doppia@example.com"))).toHaveLength(1);
    const consents = await db.select().from(consentRecords).where(eq(consentRecords.email, "doppia@example.com"));
    expect(consents.map((consent) => consent.consent).sort()).toEqual(["accordo-servizio", "autorizzazione-contatto", "maggiorenne", "privacy", "termini-condizioni"]);
    const mails = (await queuedMail(db)).filter(
      (mail) => mail.template.startsWith("registration") && (mail.to === "doppia@example.com" || mail.text.includes("doppia@example.com")),
    );
    expect(mails.map((mail) => mail.template).sort()).toEqual(["registration-confirmation", "registration-staff"]);
  });
});
