import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as sendContact } from "../../app/routes/api/send-contact-email";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { contacts, emailOutbox, newsletterSubscribers, questionnaireResponses, consentRecords } from "../../app/server/db/schema";
import { listenForNotifications } from "../../app/server/db/notifications.server";
import { deliverDueEmails, enqueueEmails } from "../../app/server/mail/outbox.server";
import { smtpTransport } from "../../app/server/mail/transport.server";
import { deferrable } from "../../app/server/mail/catalogue.server";
import { StaffNotification } from "../../app/server/mail/templates";
import type { Database } from "../../app/server/db/client.server";
import { storage } from "../../app/server/storage.server";
import { confirmSubscription } from "../../app/server/services/newsletter.server";
import { createElement } from "react";
import { testDatabase, testDatabaseUrl } from "./database";
import { until } from "./app-process";
import { postJson, queuedMail, validAnswers } from "./helpers";

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
function startSmtp(port = 0) {
  const received: ParsedMail[] = [];
  const connections = { count: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      connections.count += 1;
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: ParsedMail[]; connections: { count: number } }>((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : port, received, connections });
    });
  });
}

const stop = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-platform-"));
});

/**
 * An outbox with nothing else due (the file's earlier messages marked sent) and one test message per
 * name: to `to(name)`, subject `${subject} ${name}`, its body naming it.
 */
async function queueTestMessages<Name extends string | number>(db: Database, subject: string, names: Name[], to = (name: Name) => `${name}@example.com`) {
  await db.execute(sql`update email_outbox set status = 'sent'`);
  await enqueueEmails(
    db,
    names.map((name) => ({
      to: to(name),
      subject: `${subject} ${name}`,
      template: "test",
      body: createElement(StaffNotification, { title: `Messaggio numero ${name}`, rows: [] }),
    })),
  );
}

/** The outbox's messages whose subject starts with `subject`, as queueTestMessages wrote them. */
const messagesAbout = (db: Database, subject: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.subject} like ${`${subject} %`}`);

describe("e-mail outbox", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await stop(smtp.server);
  });

  it("delivers a queued message with a PDF attachment to a real SMTP server", async () => {
    const db = await testDatabase();
    expect(deferrable(createElement(StaffNotification, { title: "t", rows: [] }))).toBeDefined();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    await storage().put("documents", "privacy-policy.pdf", pdf, "application/pdf");
    await enqueueEmails(db, [
      {
        to: "persona@example.com",
        subject: "Documenti",
        template: "test",
        body: createElement(StaffNotification, { title: "Ecco i documenti", rows: [["Nome", "Giulia"]] }),
        attachments: [{ filename: "privacy-policy.pdf", bucket: "documents", key: "privacy-policy.pdf", contentType: "application/pdf" }],
      },
    ]);
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "Insieme <noreply@example.com>");
    const sent = await deliverDueEmails(db, transport);
    transport.close?.();
    expect(sent).toBe(1);
    const mail = smtp.received.find((message) => message.subject === "Documenti");
    expect(mail?.to && "text" in mail.to ? mail.to.text : "").toBe("persona@example.com");
    expect(mail?.text).toContain("Ecco i documenti");
    expect(mail?.html).toContain("Giulia");
    expect(mail?.attachments.map((attachment) => attachment.filename)).toEqual(["privacy-policy.pdf"]);
    expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Documenti"));
    expect(row?.status).toBe("sent");
    // Rendered by the worker: the sent parts are kept for the admin mailbox, the sealed props dropped.
    expect(row?.html).toContain("Giulia");
    expect(row?.content).toBeNull();
  });

  it("sends a batch over one pooled SMTP connection, closed at the end", async () => {
    const db = await testDatabase();
    const server = await startSmtp();
    await queueTestMessages(db, "Lotto", [0, 1, 2, 3, 4], (index) => `lotto${index}@example.com`);
    const transport = smtpTransport(`smtp://127.0.0.1:${server.port}`, "Insieme <noreply@example.com>");
    expect(await deliverDueEmails(db, transport)).toBe(5);
    transport.close?.();
    await stop(server.server);
    expect(server.received.map((mail) => mail.subject).sort()).toEqual(["Lotto 0", "Lotto 1", "Lotto 2", "Lotto 3", "Lotto 4"]);
    expect(server.connections.count).toBe(1);
    // Recorded together, each with its own rendered parts.
    const rows = await messagesAbout(db, "Lotto");
    const recorded = rows.map((row) => [row.subject, row.status, row.html.includes(`Messaggio numero ${row.subject.slice(-1)}`), row.content]);
    expect(recorded.sort()).toEqual([0, 1, 2, 3, 4].map((index) => [`Lotto ${index}`, "sent", true, null]));
  });

  it("records the messages sent and gives back the one the SMTP server refused, in the same batch", async () => {
    const db = await testDatabase();
    await queueTestMessages(db, "Misto", ["uno", "due", "tre"]);
    const transport = {
      name: "memory",
      send: async (message: { to: string }) => {
        if (message.to === "due@example.com") throw new Error("550 mailbox unavailable");
      },
    };
    expect(await deliverDueEmails(db, transport as never)).toBe(2);
    const rows = await messagesAbout(db, "Misto");
    expect(Object.fromEntries(rows.map((row) => [row.to, [row.status, row.lastError, row.html.includes(row.to.split("@")[0]!)]]))).toEqual({
      "uno@example.com": ["sent", null, true],
      "due@example.com": ["pending", "Error: 550 mailbox unavailable", false],
      "tre@example.com": ["sent", null, true],
    });
  });

  it("records each message as the SMTP server takes it, not at the end of the batch: a crash mid-batch sends again only what was under way", async () => {
    const db = await testDatabase();
    await queueTestMessages(db, "In corso", ["primo", "secondo", "terzo"]);
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    // The third send waits for the SMTP server's answer, as a process killed at that moment would be.
    const transport = { name: "memory", send: async () => void (++calls === 3 && (await hanging)) };
    const delivering = deliverDueEmails(db, transport as never);
    const statuses = async () => (await messagesAbout(db, "In corso")).map((row) => row.status).sort();
    expect(
      await until("the first two recorded sent", async () => ((await statuses()).filter((status) => status === "sent").length === 2 ? statuses() : false), 10_000, 20),
    ).toEqual(["sending", "sent", "sent"]);
    release();
    expect(await delivering).toBe(3);
    expect(await statuses()).toEqual(["sent", "sent", "sent"]);
  });

  it("stops sending once a sent message cannot be recorded: the rest of the batch is not sent twice", async () => {
    const db = await testDatabase();
    await queueTestMessages(db, "Registro", ["a", "b", "c"], (name) => `registro-${name}@example.com`);
    // Claiming works; recording a message as sent fails (a database that refuses the write).
    const unrecordable = new Proxy(db, {
      get: (target, property, receiver) =>
        property === "execute" ? () => Promise.reject(new Error("could not write to file: No space left on device")) : Reflect.get(target, property, receiver),
    });
    const sentTo: string[] = [];
    const transport = { name: "memory", send: async (message: { to: string }) => void sentTo.push(message.to) };
    await expect(deliverDueEmails(unrecordable, transport as never)).rejects.toThrow(/No space left/);
    expect(sentTo).toHaveLength(1);
    const rows = await messagesAbout(db, "Registro");
    // All three stay claimed: the one sent goes again when its claim expires (at least once), the others once.
    expect(rows.map((row) => row.status)).toEqual(["sending", "sending", "sending"]);
  });

  it("keeps a message while SMTP is down and delivers it exactly once when it is back", async () => {
    const db = await testDatabase();
    const down = await startSmtp();
    const port = down.port;
    await stop(down.server);
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, "Insieme <noreply@example.com>");

    const contact = await postJson(sendContact, db, { name: "Marco", email: "marco@example.com", subject: "Info", message: "Vorrei sapere di più." });
    expect(contact.status).toBe(201);
    expect(await deliverDueEmails(db, transport)).toBe(0);
    const pending = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "marco@example.com"));
    expect(pending[0]?.status).toBe("pending");
    expect(pending[0]?.lastError).toBeTruthy();

    const back = await startSmtp(port);
    await db.execute(sql`update email_outbox set next_attempt_at = now() where status = 'pending'`);
    await deliverDueEmails(db, transport);
    await deliverDueEmails(db, transport);
    transport.close?.();
    await stop(back.server);
    const toMarco = back.received.filter((mail) => mail.subject === "Abbiamo ricevuto il tuo messaggio");
    expect(toMarco).toHaveLength(1);
    expect(toMarco[0]?.text).toContain("ti risponderemo entro 24 ore");
  });

  it("never lets two workers claim the same message", async () => {
    const db = await testDatabase();
    await queueTestMessages(db, "Parallelo", [0, 1, 2, 3, 4, 5], (index) => `p${index}@example.com`);
    const delivered: string[] = [];
    const transport = { name: "memory", send: async (message: { id: string }) => void delivered.push(message.id) };
    await Promise.all([deliverDueEmails(db, transport as never), deliverDueEmails(db, transport as never), deliverDueEmails(db, transport as never)]);
    expect(delivered).toHaveLength(6);
    expect(new Set(delivered).size).toBe(6);
  });
});

describe("notifications between instances", () => {
  it("hands a channel's notifications to its handler when the sending transaction commits: not before, not on a rollback", async () => {
    const db = await testDatabase();
    const heard: number[] = [];
    const listener = listenForNotifications(testDatabaseUrl(), { page_cache_clear: () => heard.push(Date.now()) });
    await until("the LISTEN connection", () => listener.listening(), 10_000, 20);
    const reconnected = heard.length;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('page_cache_clear', 'blog')`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(heard.length - reconnected).toBe(0);
      });
      await until("the notification after commit", () => heard.length - reconnected === 1, 5_000, 20);
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('page_cache_clear', 'rolled-back')`);
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.length - reconnected).toBe(1);
    } finally {
      await listener.stop();
    }
  });
});

describe("public JSON endpoints", () => {
  it("stores a questionnaire once, even when the same Idempotency-Key is sent in parallel and again later", async () => {
    const db = await testDatabase();
    const headers = { "Idempotency-Key": "same-key-123456" };
    const body = { ...validAnswers, email: "idem@example.com", utm: { utm_source: "instagram" } };
    const answers = await Promise.all([1, 2, 3].map(() => postJson(submitQuestionnaire, db, body, { headers })));
    const again = await postJson(submitQuestionnaire, db, body, { headers });
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set([...answers, again].map((answer) => answer.body.id)).size).toBe(1);
    const rows = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "idem@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.utm).toEqual({ utm_source: "instagram" });
    expect(rows[0]?.status).toBe("completed");
    const mails = (await queuedMail(db)).filter((mail) => mail.to === "idem@example.com");
    expect(mails.map((mail) => mail.template)).toEqual(["questionnaire-result"]);
    expect(mails[0]?.html).toContain("/gruppi-matching?email=idem%40example.com&amp;name=Giulia");
    const consents = await db.select().from(consentRecords).where(eq(consentRecords.email, "idem@example.com"));
    expect(consents.map((consent) => consent.consent).sort()).toEqual(["privacy-health-data", "terms"]);
  });

  it("refuses the same Idempotency-Key with a different payload", async () => {
    const db = await testDatabase();
    const headers = { "Idempotency-Key": "reused-key-987654" };
    await postJson(submitQuestionnaire, db, { ...validAnswers, email: "a1@example.com" }, { headers });
    const second = await postJson(submitQuestionnaire, db, { ...validAnswers, email: "a2@example.com" }, { headers });
    expect(second.status).toBe(422);
    expect(await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "a2@example.com"))).toHaveLength(0);
  });

  it("answers 400 with the spec's Italian messages and stores nothing", async () => {
    const db = await testDatabase();
    const before = await db.select().from(questionnaireResponses);
    const bad = await postJson(submitQuestionnaire, db, { ...validAnswers, newsletter_subscription: undefined, privacy_consent: false, email: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.newsletter_subscription).toBe("Devi scegliere una opzione");
    expect(bad.body.fields.privacy_consent).toBe("Devi accettare la Privacy Policy per continuare");
    expect(bad.body.fields.email).toBeTruthy();
    const broken = await postJson(submitQuestionnaire, db, null, { raw: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/JSON/);
    const huge = await postJson(sendContact, db, null, { raw: JSON.stringify({ name: "x".repeat(70_000) }) });
    expect(huge.status).toBe(413);
    expect(await db.select().from(questionnaireResponses)).toHaveLength(before.length);
  });

  it("stores a contact message with status new and queues the staff notice and the auto-reply", async () => {
    const db = await testDatabase();
    const result = await postJson(sendContact, db, { name: "Sara", email: "sara@example.com", subject: "Domanda", message: "Come funziona il primo colloquio?" });
    expect(result.status).toBe(201);
    const [row] = await db.select().from(contacts).where(eq(contacts.email, "sara@example.com"));
    expect(row?.status).toBe("new");
    const mails = (await queuedMail(db)).filter((mail) => mail.template.startsWith("contact-") && (mail.to === "sara@example.com" || mail.html.includes("sara@example.com")));
    expect(mails.map((mail) => mail.template).sort()).toEqual(["contact-auto-reply", "contact-staff"]);
    const missing = await postJson(sendContact, db, { name: "", email: "sara@example.com", subject: "", message: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ name: "Inserisci il tuo nome", subject: "Inserisci l'oggetto del messaggio", message: "Scrivi il tuo messaggio" });
  });

  it("rejects a honeypot submission without storing it", async () => {
    const db = await testDatabase();
    const result = await postJson(sendContact, db, { name: "Bot", email: "bot@example.com", subject: "x", message: "y", website: "http://spam" });
    expect(result.status).toBe(400);
    expect(await db.select().from(contacts).where(eq(contacts.email, "bot@example.com"))).toHaveLength(0);
  });

  it("rate-limits a client that posts too often (429)", async () => {
    const db = await testDatabase();
    const statuses = [];
    for (let index = 0; index < 7; index++) {
      const result = await postJson(sendContact, db, { name: "R", email: `r${index}@example.com`, subject: "s", message: "m" }, { ip: "192.0.2.77" });
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("newsletter: double opt-in, pending until confirmed by the link", async () => {
    const db = await testDatabase();
    const missing = await postJson(newsletterSignup, db, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.email).toBe("Inserisci il tuo indirizzo email per iscriverti");
    const result = await postJson(newsletterSignup, db, { email: "News@Example.com" });
    expect(result.status).toBe(200);
    expect(result.body.message).toMatch(/conferma/i);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "news@example.com"));
    expect(row?.status).toBe("pending");
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "newsletter-confirm"));
    expect(mail?.html).toContain(`/newsletter/conferma/${row!.confirmToken}`);
    await confirmSubscription(db, row!.confirmToken);
    const [confirmed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "news@example.com"));
    expect(confirmed?.status).toBe("confirmed");
    const [welcome] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "newsletter-welcome"));
    expect(welcome?.html).toContain(`/newsletter/disiscrivi/${row!.unsubscribeToken}`);
  });
});
