import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as challengeLoader } from "../../app/routes/api/altcha-challenge";
import { action as funnelStep } from "../../app/routes/api/funnel-step";
import { action as newsletterSignup } from "../../app/routes/api/newsletter-signup";
import { action as register } from "../../app/routes/api/send-registration-confirmation";
import { action as sendContact } from "../../app/routes/api/send-contact-email";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { action as updateGroupSelection } from "../../app/routes/api/update-group-selection";
import { action as intakeCalls } from "../../app/routes/api/call-slots";
import { action as joinWaitlist } from "../../app/routes/api/waitlist";
import { action as callPage } from "../../app/routes/call";
import { action as matchingPage } from "../../app/routes/gruppi-matching";
import { action as signInWidget } from "../../app/routes/accedi";
import { action as authEndpoint } from "../../app/routes/api/auth";
import { CHALLENGE_TTL_SECONDS, proofOfWorkMessages } from "../../app/domain/proof-of-work";
import type { Database } from "../../app/server/db/client.server";
import { contacts } from "../../app/server/db/schema";
import { createProofOfWorkChallenge } from "../../app/server/proof-of-work.server";
import { documentFileName, documentTypes } from "../../app/server/services/admin-documents.server";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { storage } from "../../app/server/storage.server";
import { solveProofOfWork } from "../support/proof-of-work.mjs";
import { testDatabase } from "./database";
import { answer, refusal } from "./route-calls";
import { intakeTherapist, postJson, solvedChallenge, validAnswers, validRegistration, rowCounts } from "./helpers";

let db: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-pow-"));
  process.env.DATA_DIR = dataDir;
  db = await testDatabase();
  await intakeTherapist(db);
  for (const { type } of documentTypes) {
    await storage().put("documents", documentFileName(type), Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf");
  }
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Row counts of every table a submission could write to. */
const stored = () =>
  rowCounts(db, [
    "internal_questionnaire_responses",
    "contacts",
    "newsletter_subscribers",
    "registrations",
    "group_bookings",
    "intake_calls",
    "group_waitlist",
    "pending_actions",
    "email_outbox",
    "used_challenges",
    "access_tokens",
    "consent_records",
    "jobs",
    "idempotency_keys",
  ]);

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}@example.com`;
/** A valid contact message from `email`, carrying `proof` in the X-Altcha header. */
const contactWithProof = (email: string, proof: string) =>
  postJson(sendContact, db, { name: "Sara", email, subject: "Info", message: "Ciao" }, { proofOfWork: false, headers: { "X-Altcha": proof } });

/** Every endpoint that takes a submission from a person, with a payload it accepts. */
async function submissions() {
  const slot = (await callAvailability(db)).flatMap((day) => day.slots).find((candidate) => !candidate.taken)!;
  return [
    { name: "submit-questionnaire", action: submitQuestionnaire, body: { ...validAnswers, email: unique("questionario") } },
    { name: "send-contact-email", action: sendContact, body: { name: "Sara", email: unique("contatto"), subject: "Info", message: "Come funziona?" } },
    { name: "newsletter-signup", action: newsletterSignup, body: { email: unique("newsletter") } },
    {
      name: "send-registration-confirmation",
      action: register,
      body: validRegistration(unique("iscrizione")),
    },
    {
      name: "update-group-selection (call request)",
      action: updateGroupSelection,
      body: { email: unique("chiamata"), selectedTherapist: "Chiamata conoscitiva", MarioCallRequested: true, adult: true, MarioPhone: "333 123 4567" },
    },
    { name: "call-slots", action: intakeCalls, body: { email: unique("slot"), name: "Mario", phone: "333 000 1111", adult: true, start: slot.start } },
    { name: "waitlist", action: joinWaitlist, body: { email: unique("attesa") } },
  ];
}

/** A solved challenge with one part changed after solving. */
function tampered(payload: string, change: (decoded: { challenge: { parameters: Record<string, unknown> }; solution: { derivedKey: string } }) => void) {
  const decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  change(decoded);
  return Buffer.from(JSON.stringify(decoded)).toString("base64");
}

describe("GET /api/altcha-challenge", () => {
  it("issues a signed, expiring challenge that is never cached and writes nothing", async () => {
    const before = await stored();
    const response = await challengeLoader({ request: new Request("http://localhost/api/altcha-challenge"), params: {}, context: { db } } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const challenge = (await response.json()) as { parameters: { algorithm: string; expiresAt: number; keySignature: string }; signature: string };
    expect(challenge.parameters.algorithm).toBe("SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(CHALLENGE_TTL_SECONDS - 5);
    expect(challenge.parameters.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(CHALLENGE_TTL_SECONDS);
    expect(await stored()).toEqual(before);
  });
});

describe("the anti-spam proof of work on every public submission", () => {
  it("stores nothing from rotating client addresses without a solved challenge", async () => {
    const before = await stored();
    const fake = Buffer.from(JSON.stringify({ challenge: { parameters: {}, signature: "x" }, solution: { counter: 1, derivedKey: "00" } })).toString("base64");
    const unsigned = tampered(await solvedChallenge(), (decoded) => delete (decoded.challenge as { signature?: string }).signature);
    const withoutProof = [undefined, "", "not base64 at all", fake, unsigned];
    let address = 0;
    for (const { name, action, body } of await submissions()) {
      for (const proof of withoutProof) {
        const headers: Record<string, string> = proof === undefined ? {} : { "X-Altcha": proof };
        const answer = await postJson(action, db, body, { proofOfWork: false, headers, ip: `198.51.100.${++address}` });
        expect(answer, `${name} with ${JSON.stringify(proof)}`).toEqual({ status: 400, body: { error: proofOfWorkMessages.failed } });
      }
    }
    expect(await stored()).toEqual(before);
  });

  it("accepts each endpoint's submission with a solved challenge, in the header or in the `altcha` field", async () => {
    for (const { name, action, body } of await submissions()) {
      const answer = await postJson(action, db, body);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
    const viaField = await postJson(
      sendContact,
      db,
      { name: "Sara", email: unique("campo"), subject: "Info", message: "Ciao", altcha: await solvedChallenge() },
      { proofOfWork: false },
    );
    expect(viaField.status).toBe(201);
  });

  it("refuses a challenge used before, also by another address and for another payload", async () => {
    const proof = await solvedChallenge();
    const first = await contactWithProof(unique("primo"), proof);
    expect(first.status).toBe(201);
    const before = await stored();
    const again = await postJson(newsletterSignup, db, { email: unique("secondo") }, { proofOfWork: false, headers: { "X-Altcha": proof }, ip: "203.0.113.9" });
    expect(again).toEqual({ status: 400, body: { error: proofOfWorkMessages.failed } });
    expect(await stored()).toEqual(before);
  });

  it("accepts one of two parallel requests carrying the same challenge", async () => {
    const proof = await solvedChallenge();
    const before = await stored();
    const answers = await Promise.all(
      [1, 2, 3].map((index) =>
        postJson(sendContact, db, { name: "Sara", email: unique(`parallelo-${index}`), subject: "Info", message: "Ciao" }, { proofOfWork: false, headers: { "X-Altcha": proof } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect((await stored()).contacts).toBe(Number(before.contacts) + 1);
  });

  it("questionnaire (one statement, no transaction): a spent challenge stores nothing, also with a new Idempotency-Key; of parallel ones, one is stored", async () => {
    const proof = await solvedChallenge();
    const send = (email: string, key: string) =>
      postJson(submitQuestionnaire, db, { ...validAnswers, email }, { proofOfWork: false, headers: { "X-Altcha": proof, "Idempotency-Key": key } });
    const email = unique("speso");
    const first = await send(email, "spent-proof-key-1");
    expect(first.status).toBe(201);
    const before = await stored();
    expect(await send(unique("speso-ancora"), "spent-proof-key-2")).toEqual({ status: 400, body: { error: proofOfWorkMessages.failed } });
    // A retry of the first (same key, same payload, the same spent proof) gets its answer again: the key is looked at first.
    expect(await send(email, "spent-proof-key-1")).toEqual(first);
    expect(await stored()).toEqual(before);
    const parallelProof = await solvedChallenge();
    const parallel = await Promise.all(
      [1, 2, 3].map((index) =>
        postJson(
          submitQuestionnaire,
          db,
          { ...validAnswers, email: unique(`parallelo-q-${index}`) },
          { proofOfWork: false, headers: { "X-Altcha": parallelProof, "Idempotency-Key": `parallel-proof-${index}` } },
        ),
      ),
    );
    expect(parallel.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    const after = await stored();
    expect(Number(after.internal_questionnaire_responses)).toBe(Number(before.internal_questionnaire_responses) + 1);
    expect(Number(after.idempotency_keys)).toBe(Number(before.idempotency_keys) + 1);
    expect(Number(after.email_outbox)).toBe(Number(before.email_outbox) + 2);
  });

  it("refuses an expired challenge, and one whose expiry or answer was changed", async () => {
    const issuedAt = Date.now() - (CHALLENGE_TTL_SECONDS + 60) * 1000;
    vi.useFakeTimers({ now: issuedAt, toFake: ["Date"] });
    let expired: string;
    try {
      expired = await solveProofOfWork(await createProofOfWorkChallenge());
    } finally {
      vi.useRealTimers();
    }
    const later = tampered(expired, (decoded) => (decoded.challenge.parameters.expiresAt = Math.floor(Date.now() / 1000) + 600));
    const wrongAnswer = tampered(await solvedChallenge(), (decoded) => {
      const key = decoded.solution.derivedKey;
      decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}`;
    });
    const before = await stored();
    for (const proof of [expired, later, wrongAnswer]) {
      const answer = await postJson(submitQuestionnaire, db, { ...validAnswers, email: unique("scaduto") }, { proofOfWork: false, headers: { "X-Altcha": proof } });
      expect(answer).toEqual({ status: 400, body: { error: proofOfWorkMessages.failed } });
    }
    expect(await stored()).toEqual(before);
  });

  it("does not spend a challenge on a refused payload, and validates only after the challenge", async () => {
    const proof = await solvedChallenge();
    const refused = await postJson(sendContact, db, { name: "", email: "no", subject: "", message: "" }, { proofOfWork: false, headers: { "X-Altcha": proof } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toBeDefined();
    const fixed = await contactWithProof(unique("corretto"), proof);
    expect(fixed.status).toBe(201);
    const unproven = await postJson(sendContact, db, { name: "", email: "no" }, { proofOfWork: false });
    expect(unproven.body).toEqual({ error: proofOfWorkMessages.failed });
  });

  it("keeps a plain HTML contact form post (no JavaScript, so no challenge) for staff review, sending nothing to its address (decision 062)", async () => {
    const before = await stored();
    const email = unique("senza-js");
    const request = new Request("http://localhost/api/send-contact-email", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "http://localhost/contatti" },
      body: new URLSearchParams({ name: "Sara", email, subject: "Info", message: "Ciao" }),
    });
    const response = await sendContact({ request, params: {}, context: { db, clientIp: "192.0.2.200", cspNonce: "" } } as never);
    expect(response.status).toBe(303);
    expect(response.headers.get("Set-Cookie")).toMatch(/^flash=send-contact-email\.held;/);
    expect((await stored()).contacts).toBe(Number(before.contacts) + 1);
    expect((await db.select().from(contacts).where(eq(contacts.email, email)))[0]?.status).toBe("unverified");
  });

  it("answers a plain form post to the call and group pages (no JavaScript) by asking for JavaScript, storing nothing", async () => {
    const before = await stored();
    const form = (fields: Record<string, string>) =>
      new Request("http://localhost/form", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const call = { email: unique("pagina"), name: "Mario", MarioCallRequested: "true", adult: "on", MarioPhone: "333 123 4567" };
    const group = { intent: "select", email: unique("pagina"), selectedTherapist: "Laura Bianchi" };
    const context = { db, clientIp: "192.0.2.201", cspNonce: "" };
    const refusedCall = (await callPage({ request: form(call), params: { callPath: "call-mario" }, context } as never)) as { data: { error: string }; init: ResponseInit };
    expect(refusedCall.init.status).toBe(400);
    expect(refusedCall.data.error).toBe(proofOfWorkMessages.noJavaScript);
    const refusedGroup = (await matchingPage({ request: form(group), params: {}, context } as never)) as { data: { error: string }; init: ResponseInit };
    expect(refusedGroup.init.status).toBe(400);
    expect(refusedGroup.data.error).toBe(proofOfWorkMessages.noJavaScript);
    expect(await stored()).toEqual(before);
    // The same post with a solved challenge gets past the check (and asks the address to confirm the request).
    const proven = await callPage({ request: form({ ...call, altcha: await solvedChallenge() }), params: { callPath: "call-mario" }, context } as never);
    expect(proven).toEqual({ error: null, pending: true });
  });

  it("refuses a sign-up without a solved challenge (asking for JavaScript when there is none) and creates no account", async () => {
    const signUp = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost:3000/accedi", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: new URLSearchParams({ intent: "sign-up", password: "una-password-molto-lunga-e-rara-42", name: "Nuova", ...fields }),
      });
      return (await signInWidget({ request, params: {}, context: { db, clientIp: `192.0.2.${++sequence}`, cspNonce: "" } } as never)) as unknown;
    };
    const users = async (email: string) => (await db.execute(sql`select id from "user" where email = ${email}`)).rows.length;
    const email = unique("iscritta");
    const noScript = answer(await signUp({ email }));
    expect(noScript.status).toBe(400);
    expect(refusal(noScript.body).error).toBe(proofOfWorkMessages.noJavaScript);
    const unsolved = answer(await signUp({ email, altcha: "rubbish" }));
    expect(unsolved.status).toBe(400);
    expect(refusal(unsolved.body).error).toBe(proofOfWorkMessages.failed);
    expect(await users(email)).toBe(0);
    await signUp({ email, altcha: await solvedChallenge() });
    expect(await users(email)).toBe(1);
  });

  it("refuses better-auth's own sign-up endpoint without a solved challenge", async () => {
    const signUp = (email: string, headers: Record<string, string> = {}) =>
      authEndpoint({
        request: new Request("http://localhost:3000/api/auth/sign-up/email", {
          method: "POST",
          headers: { "Content-Type": "application/json", origin: "http://localhost:3000", ...headers },
          body: JSON.stringify({ email, password: "una-password-molto-lunga-e-rara-42", name: "Api" }),
        }),
        params: {},
        context: { db, clientIp: "192.0.2.250", cspNonce: "" },
      } as never) as Promise<Response>;
    const refused = await signUp(unique("api"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: proofOfWorkMessages.failed });
    expect((await signUp(unique("api"), { "X-Altcha": await solvedChallenge() })).status).toBe(200);
  });

  it("keeps the anonymous questionnaire funnel counter free of challenges", async () => {
    const answer = await postJson(funnelStep, db, { step: 2 }, { proofOfWork: false });
    expect(answer.status).toBe(200);
  });
});
