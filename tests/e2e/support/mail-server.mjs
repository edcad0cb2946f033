// A real SMTP server for the end-to-end run (the app's SMTP_URL points here), plus a small HTTP
// API on loopback so specs can read what was delivered: GET /messages?to=ADDRESS
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.E2E_MAIL_API_PORT ?? 2526);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  // An address starting "rifiuta_" is refused as a real server refuses an unknown mailbox: the outbox keeps the error (walks.spec's long rows).
  onRcptTo(address, _session, callback) {
    if (!address.address.toLowerCase().startsWith("rifiuta_")) return callback();
    const error = Object.assign(
      new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown in virtual mailbox table (mailbox_does_not_exist_${"x".repeat(40)})`),
      {
        responseCode: 550,
      },
    );
    callback(error);
  },
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      messages.push({
        to: mail.to?.value?.map((entry) => entry.address.toLowerCase()) ?? [],
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        html: typeof mail.html === "string" ? mail.html : "",
        attachments: mail.attachments.map((attachment) => ({ filename: attachment.filename, contentType: attachment.contentType, size: attachment.size })),
        receivedAt: new Date().toISOString(),
      });
      callback();
    }, callback);
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/health") return res.end("ok");
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(found));
  })
  .listen(httpPort, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
