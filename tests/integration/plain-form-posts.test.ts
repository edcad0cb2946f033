import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { action as sendContact } from "../../app/routes/api/send-contact-email";
import type { Database } from "../../app/server/db/client.server";
import { contacts, newsletterSubscribers } from "../../app/server/db/schema";
import { decodeFlash } from "../../app/domain/flash";
import { loader as rootLoader } from "../../app/root";
import { testDatabase } from "./database";
import { queuedMail, solvedChallenge } from "./helpers";

/**
 * The content pages ship no React: their newsletter form is a plain HTML form post carrying the
 * solved challenge in its `altcha` field, and the answer is always a redirect back to the page
 * that sent it (which shows the outcome), never JSON.
 */

let db: Database;
beforeAll(async () => {
  db = await testDatabase();
});

/** A plain HTML form post (no JavaScript) to a JSON endpoint's action, from the page `referer`. */
async function formPost(action: (args: never) => Promise<Response>, path: string, referer: string, fields: Record<string, string>, clientIp: string) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `http://localhost${referer}` },
    body: new URLSearchParams({ website: "", ...fields }),
  });
  const response = await action({ request, params: {}, context: { db, clientIp, cspNonce: "" } } as never);
  const cookie = /^flash=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "");
  return { status: response.status, location: response.headers.get("Location"), type: response.headers.get("Content-Type"), flash: decodeFlash(cookie?.[1]) };
}

const post = (fields: Record<string, string>, clientIp: string) => formPost(newsletterSignup as never, "/api/newsletter-signup", "/", fields, clientIp);

const subscriber = (email: string) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

describe("newsletter sign-up as a plain form post", () => {
  it("stores the address, queues the confirmation and sends the browser back to the page's section", async () => {
    const email = "modulo-semplice@example.com";
    const answer = await post({ email, altcha: await solvedChallenge() }, "192.0.2.10");
    expect(answer).toEqual({ status: 303, location: "/#newsletter-signup", type: null, flash: { form: "newsletter-signup", outcome: "ok" } });
    expect((await subscriber(email))[0]?.status).toBe("pending");
    expect((await queuedMail(db)).filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual(["Conferma la tua iscrizione alla newsletter"]);
  });

  it("names the refused field in the redirect, gives back what was typed in it, and stores nothing", async () => {
    const answer = await post({ email: "abc@", altcha: await solvedChallenge() }, "192.0.2.11");
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/#newsletter-signup");
    expect(answer.flash).toEqual({ form: "newsletter-signup", outcome: "error", field: "email", value: "abc@" });
    expect(await subscriber("abc@")).toEqual([]);
  });

  it("answers a post without a solved challenge, and one past the rate limit, with a redirect too", async () => {
    expect((await post({ email: "senza-verifica@example.com" }, "192.0.2.12")).flash).toEqual({ form: "newsletter-signup", outcome: "error" });
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await post({ email: `limite-${attempt}@example.com`, altcha: await solvedChallenge() }, "192.0.2.13"));
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303, 303]);
    expect(answers.at(-1)!.flash).toEqual({ form: "newsletter-signup", outcome: "error" });
    expect(await subscriber("limite-5@example.com")).toEqual([]);
    expect(await subscriber("limite-4@example.com")).toHaveLength(1);
  });
});

describe("the contact form as a plain form post (/contatti ships no React)", () => {
  const contact = async (fields: Record<string, string>, clientIp: string) => {
    const { status, location, flash } = await formPost(sendContact as never, "/api/send-contact-email", "/contatti", fields, clientIp);
    return { status, location, flash };
  };
  const message = { name: "Chiara", subject: "Primo colloquio", message: "Come funziona il primo colloquio?" };

  it("stores the message, queues the auto-reply and sends the browser back to /contatti with the outcome", async () => {
    const email = "contatto-semplice@example.com";
    const altcha = await solvedChallenge();
    const answer = await contact({ ...message, email, altcha }, "192.0.2.20");
    expect(answer).toEqual({ status: 303, location: "/contatti#send-contact-email", flash: { form: "send-contact-email", outcome: "ok" } });
    expect(await db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(1);
    expect((await queuedMail(db)).filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual(["Abbiamo ricevuto il tuo messaggio"]);
    // The same solved challenge posted again (a resubmitted page) is refused: one message, not two.
    const again = await contact({ ...message, email, altcha }, "192.0.2.20");
    expect(again.flash).toEqual({ form: "send-contact-email", outcome: "error" });
    expect(await db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(1);
  });

  it("without JavaScript (no proof of work) keeps the message for staff review, writes nothing to the address, and allows three an hour", async () => {
    const email = "senza-javascript@example.com";
    const answer = await contact({ ...message, email, altcha: "" }, "192.0.2.22");
    expect(answer).toEqual({ status: 303, location: "/contatti#send-contact-email", flash: { form: "send-contact-email", outcome: "held" } });
    const [row] = await db.select().from(contacts).where(eq(contacts.email, email));
    expect(row?.status).toBe("unverified");
    const mail = await queuedMail(db);
    expect(mail.filter((sent) => sent.to === email)).toEqual([]);
    expect(mail.map((sent) => sent.subject)).toContain("[Da verificare] Nuovo messaggio dal sito: Primo colloquio");
    for (let attempt = 0; attempt < 2; attempt++) expect((await contact({ ...message, email }, "192.0.2.22")).flash?.outcome).toBe("held");
    expect((await contact({ ...message, email }, "192.0.2.22")).flash).toEqual({ form: "send-contact-email", outcome: "error" });
    expect(await db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(3);
    // A challenge that is there but wrong is still refused, not taken for a browser without JavaScript.
    expect((await contact({ ...message, email: "sbagliata@example.com", altcha: "unsolved" }, "192.0.2.23")).flash).toEqual({ form: "send-contact-email", outcome: "error" });
  });

  it("names the refused field (a mistyped address) and stores nothing", async () => {
    const answer = await contact({ ...message, email: "chiara@", altcha: await solvedChallenge() }, "192.0.2.21");
    expect(answer.flash).toEqual({ form: "send-contact-email", outcome: "error", field: "email", value: "chiara@" });
    expect(await db.select().from(contacts).where(eq(contacts.email, "chiara@"))).toEqual([]);
  });
});

describe("the flash that reports a post once", () => {
  const rootWith = async (cookie: string) => {
    const answer = (await rootLoader({ request: new Request("http://localhost/contatti", { headers: { cookie } }), params: {}, context: {} } as never)) as unknown as {
      data: { flash: unknown };
      init: { headers?: Record<string, string> } | null;
    };
    return { flash: answer.data.flash, setCookie: answer.init?.headers?.["Set-Cookie"] };
  };

  it("is shown by the next page, which spends it", async () => {
    const page = await rootWith("cookieConsent=1; flash=send-contact-email.error.email");
    expect(page.flash).toEqual({ form: "send-contact-email", outcome: "error", field: "email" });
    expect(page.setCookie).toMatch(/^flash=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    expect(await rootWith("cookieConsent=1")).toEqual({ flash: null, setCookie: undefined });
  });

  it("carries codes only: a cookie this site did not write shows nothing", async () => {
    for (const forged of ["flash=send-contact-email.riuscito", "flash=%3Cscript%3E.ok", "flash=a.ok.b.c", "flash=a.ok.b.~c.d", "flash="])
      expect((await rootWith(forged)).flash).toBeNull();
  });
});
