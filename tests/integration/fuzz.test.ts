import { sql } from "drizzle-orm";
import fc from "fast-check";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOptions } from "../../app/domain/questionnaire";
import { QUESTIONNAIRE_STEPS } from "../../app/content/site";
import type { Database } from "../../app/server/db/client.server";
import { documentFileName, documentTypes } from "../../app/server/services/admin-documents.server";
import { callAvailability } from "../../app/server/services/intake-calls.server";
import { storage } from "../../app/server/storage.server";
import { testDatabase } from "./database";
import { intakeTherapist, solvedChallenge, validAnswers, validRegistration, rowCounts } from "./helpers";

/**
 * Property tests of every public JSON endpoint (the modules under app/routes/api/, except
 * better-auth's auth.ts): thousands of malformed requests never give a 500, always a 4xx with an
 * Italian `error` (and Italian field messages), and never change the database (with a solved
 * anti-spam challenge, so the field rules answer, or without one); valid requests
 * carrying hostile text (SQL, HTML, NUL, lone surrogates) are stored or refused, never a 500.
 * FUZZ_RUNS=<n> runs more (default 300 malformed payloads per endpoint).
 */

type Action = (args: { request: Request; params: Record<string, string>; context: { db: Database; clientIp: string; cspNonce: string } }) => Promise<Response>;

/* What each field accepts, so a generator can produce values it certainly refuses. */
type Field =
  | { kind: "email" }
  | { kind: "text"; min: number; max: number }
  | { kind: "optionalText"; max: number }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "multi"; values: readonly string[] }
  | { kind: "accept"; also?: readonly unknown[] }
  | { kind: "int"; min: number; max: number }
  | { kind: "datetime" }
  | { kind: "adultDate" }
  | { kind: "phone" }
  | { kind: "uuid" };

interface EndpointSpec {
  /** A payload the endpoint accepts (checked below), the starting point of every mutation. */
  sample: (db: Database) => Promise<Record<string, unknown>>;
  required: Record<string, Field>;
  optional?: Record<string, Field>;
}

const valuesOf = (options: readonly { value: string }[]) => options.map((option) => option.value);
const email = { kind: "email" } as const;
const text = (min: number, max: number) => ({ kind: "text", min, max }) as const;
const optionalText = (max: number) => ({ kind: "optionalText", max }) as const;
const choice = (options: readonly { value: string }[]) => ({ kind: "enum", values: valuesOf(options) }) as const;
const multi = (options: readonly { value: string }[]) => ({ kind: "multi", values: valuesOf(options) }) as const;
const checkbox = { kind: "accept", also: ["on", "true"] } as const;

let sequence = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++sequence}@example.com`;

const specs: Record<string, EndpointSpec> = {
  "submit-questionnaire": {
    sample: async () => ({ ...validAnswers, email: uniqueEmail("questionario") }),
    required: {
      name: text(2, 100),
      age: choice(answerOptions.age),
      gender: choice(answerOptions.gender),
      city: text(2, 100),
      email,
      current_situations: multi(answerOptions.current_situations),
      difficulty_frequency: choice(answerOptions.difficulty_frequency),
      coping_strategies: multi(answerOptions.coping_strategies),
      energy_level: choice(answerOptions.energy_level),
      blocked_area: choice(answerOptions.blocked_area),
      current_situation_summary: text(10, 5000),
      therapy_goals: multi(answerOptions.therapy_goals),
      previous_therapy: choice(answerOptions.previous_therapy),
      comfort_level: choice(answerOptions.comfort_level),
      time_preference: choice(answerOptions.time_preference),
      flexibility: multi(answerOptions.flexibility),
      source_discovery: choice(answerOptions.source_discovery),
      newsletter_subscription: { kind: "enum", values: ["yes", "no"] },
      privacy_consent: { kind: "accept" },
    },
    optional: {
      current_situations_other: optionalText(500),
      coping_strategies_other: optionalText(500),
      blocked_area_other: optionalText(500),
      therapy_goals_other: optionalText(500),
      flexibility_other: optionalText(500),
      source: optionalText(50),
    },
  },
  "send-contact-email": {
    sample: async () => ({ name: "Sara", email: uniqueEmail("contatto"), subject: "Informazioni", message: "Come funziona il primo colloquio?" }),
    required: { name: text(1, 100), email, subject: text(1, 200), message: text(1, 5000) },
    optional: { phone: optionalText(40) },
  },
  "newsletter-signup": {
    sample: async () => ({ email: uniqueEmail("newsletter") }),
    required: { email },
  },
  "funnel-step": {
    sample: async () => ({ step: 3 }),
    required: { step: { kind: "int", min: 1, max: QUESTIONNAIRE_STEPS } },
  },
  "update-group-selection": {
    sample: async () => ({ email: uniqueEmail("selezione"), selectedTherapist: "Chiamata conoscitiva", MarioCallRequested: true, adult: true, MarioPhone: "333 123 4567" }),
    required: { email, selectedTherapist: text(1, 200) },
    optional: { groupId: { kind: "uuid" }, name: optionalText(100), callSlot: { kind: "datetime" } },
  },
  waitlist: {
    sample: async () => ({ email: uniqueEmail("attesa") }),
    required: { email },
    optional: { groupId: { kind: "uuid" } },
  },
  "call-slots": {
    sample: async (db) => {
      const days = await callAvailability(db);
      const free = days.flatMap((day) => day.slots).find((slot) => !slot.taken);
      return { email: uniqueEmail("chiamata"), name: "Mario", phone: "333 000 1111", adult: true, start: free!.start };
    },
    required: { email, phone: { kind: "phone" }, start: { kind: "datetime" } },
    optional: { name: optionalText(100) },
  },
  "test-followup-emails": {
    sample: async () => ({ email: uniqueEmail("prova"), name: "Prova" }),
    required: { email, name: text(1, 100) },
  },
  "send-registration-confirmation": {
    sample: async () => validRegistration(uniqueEmail("iscrizione")),
    required: {
      firstName: text(1, 100),
      lastName: text(1, 100),
      birthDate: { kind: "adultDate" },
      email,
      accordoServizio: checkbox,
      terminiCondizioni: checkbox,
      privacy: checkbox,
      autorizzazioneContatto: checkbox,
      adult: checkbox,
    },
    optional: { timestamp: { kind: "datetime" } },
  },
};

/* Generators */

const hostile = [
  "' OR '1'='1",
  "'; DROP TABLE contacts; --",
  "1; SELECT pg_sleep(5)",
  '") UNION SELECT password FROM account --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{constructor.constructor('return process')()}}",
  "${7*7}",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "riga\u0000nulla",
  "\u202e\u0644\u0627 \u{1f600}\u{1f469}\u200d\u{1f4bb}",
  "\ud800",
  "NaN",
  "undefined",
  "null",
  "true",
  "0",
  "-1",
  "1e309",
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostile) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
const nonString = jsonValue.filter((value) => typeof value !== "string");
const blank = fc.array(fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "\ufeff"), { maxLength: 6 }).map((chars) => chars.join(""));
/** A string whose trimmed length is more than `max` (UTF-16 units, as Zod counts). */
const tooLong = (max: number) =>
  fc.tuple(fc.constantFrom("x", "è", "\u{1f642}", "<", '"', "'", ";", "\\", "\u0000"), fc.nat(40)).map(([char, extra]) => char.repeat(max + 1 + extra));
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Text the field accepts by its length (min..max after trimming), made of hostile characters. */
const hostileText = (min: number, max: number) =>
  fc.oneof(hostileString, fc.string({ unit: "binary", minLength: 1, maxLength: 80 })).map((value) => {
    const prefix = "Testo di prova".slice(0, Math.max(min, 1)).padEnd(min, "x");
    return `${prefix}${value}`.slice(0, max);
  });

/** Values the field certainly refuses. */
function invalid(field: Field): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case "email":
      return fc.oneof(
        nonString,
        blank,
        fc.oneof(hostileString, fc.string()).filter((value) => !value.includes("@")),
        fc.constantFrom("a@", "@example.com", "a@@example.com", "a b@example.com", "<a>@example.com", "giulia@", "giulia@example..com"),
        tooLong(260).map((value) => `${value}@example.com`),
      );
    case "text":
      return fc.oneof(
        nonString,
        blank,
        tooLong(field.max),
        ...(field.min > 1 ? [fc.string({ minLength: 1, maxLength: field.min - 1 }).filter((value) => value.trim().length < field.min)] : []),
      );
    case "optionalText":
      return fc.oneof(nonString, tooLong(field.max));
    case "enum":
      return fc.oneof(
        nonString,
        fc.oneof(hostileString, fc.string()).filter((value) => !field.values.includes(value)),
        fc
          .constantFrom(...field.values)
          .chain((value) => fc.constantFrom(value.toLowerCase(), value.toUpperCase(), ` ${value}`, `${value} `).filter((variant) => !field.values.includes(variant))),
      );
    case "multi":
      return fc.oneof(
        jsonValue.filter((value) => !Array.isArray(value)),
        fc.constant([]),
        fc
          .tuple(
            fc.array(fc.constantFrom(...field.values), { maxLength: 3 }),
            fc.oneof(
              nonString,
              hostileString.filter((value) => !field.values.includes(value)),
            ),
          )
          .map(([valid, bad]) => [...valid, bad]),
        fc.constantFrom(...field.values).map((value) => [value, value]),
      );
    case "accept":
      return jsonValue.filter((value) => value !== true && !(field.also ?? []).includes(value));
    case "int":
      return fc.oneof(
        fc.integer({ min: field.min, max: field.max }).map(String),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
        fc.integer({ max: field.min - 1 }),
        fc.integer({ min: field.max + 1 }),
        jsonValue.filter((value) => typeof value !== "number"),
      );
    case "datetime":
      return fc.oneof(
        nonString,
        fc.oneof(hostileString, fc.string()).filter((value) => !/^\d{4}-\d\d-\d\dT/.test(value)),
        fc.constantFrom("2026-12-01", "2026-12-01 10:00", "oggi alle 10", "1e12", "2026-13-01T10:00:00Z", "2026-12-01T25:00:00Z"),
      );
    case "adultDate":
      return fc.oneof(
        nonString,
        fc.oneof(hostileString, fc.string()).filter((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value)),
        fc.integer({ min: 0, max: 17 * 365 }).map((days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)),
        fc.constantFrom("1899-12-31", "0000-00-00", "01-05-1990", "1990/05/17"),
      );
    case "phone":
      return fc.oneof(
        nonString,
        blank,
        fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom("a", "Z", "è", "<", "'", ";")).map(([prefix, letter]) => `${prefix}${letter}123456`),
        fc.constantFrom("12345", "+1", "()", "--- ---", "1".repeat(31)),
      );
    case "uuid":
      return fc.oneof(
        nonString,
        fc.oneof(hostileString, fc.string()).filter((value) => !isUuid(value)),
      );
  }
}

interface FuzzRequest {
  method: string;
  contentType: string | null;
  idempotencyKey: string | null;
  body: string;
  /** The anti-spam challenge sent along: solved (the default), none, or junk. */
  proof?: Proof;
  /** What the generator did, for the failure report. */
  note: string;
}

type Proof = "solved" | "missing" | "junk";
/** Mostly a solved challenge, so the field rules are what answers; sometimes none or junk, just another refusal. */
const proofs = fc.constantFrom<Proof>("solved", "solved", "solved", "missing", "junk");

const contentTypes = fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "application/xml", "multipart/form-data; boundary=x", null);
const idempotencyKeys = fc.option(fc.oneof(fc.string({ minLength: 8, maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9_.:-]{8,40}$/), hostileString), { nil: null });
const extraKeys = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "id", "status", "role", "created_at", "is_admin", "$where", "emailVerified"),
  fc.string({ maxLength: 20 }),
);

/** A JSON object text with own keys, "__proto__" included (JSON.stringify would drop an inherited one). */
function objectText(entries: [string, unknown][]) {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}

/** Malformed JSON payloads for one endpoint: a valid sample with 1-3 fields broken, extra keys, or no object at all. */
function malformedPayload(spec: EndpointSpec, sample: Record<string, unknown>): fc.Arbitrary<{ body: string; note: string }> {
  const fields = { ...spec.required, ...spec.optional };
  const breakable = Object.keys(fields);
  const broken = fc
    .uniqueArray(fc.constantFrom(...breakable), { minLength: 1, maxLength: 3 })
    .chain((keys) =>
      fc.tuple(
        fc.constant(keys),
        fc.tuple(
          ...keys.map((key) =>
            key in spec.required ? fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: invalid(fields[key]!) }) : invalid(fields[key]!),
          ),
        ),
        fc.array(fc.tuple(extraKeys, jsonValue), { maxLength: 4 }),
      ),
    )
    .map(([keys, values, extras]) => {
      const entries = new Map<string, unknown>(Object.entries(sample));
      keys.forEach((key, index) => (values[index] === undefined ? entries.delete(key) : entries.set(key, values[index])));
      for (const [key, value] of extras) if (!(key in fields) && key !== "website") entries.set(key, value);
      return { body: objectText([...entries]), note: `broken: ${keys.join(", ")}` };
    });
  const notAnObject = jsonValue
    .filter((value) => value === null || typeof value !== "object" || Array.isArray(value))
    .map((value) => ({ body: JSON.stringify(value), note: "not an object" }));
  const randomObject = fc.dictionary(fc.oneof(extraKeys, fc.constantFrom(...breakable)), jsonValue, { maxKeys: 8 }).map((value) => {
    const entries = Object.entries(value).filter(([key]) => key !== Object.keys(spec.required)[0]);
    return { body: objectText(entries), note: "random object" };
  });
  const honeypot = fc
    .tuple(
      fc.oneof(hostileString, fc.constant("http://spam.example")).filter((value) => value.length > 0),
      jsonValue,
    )
    .map(([website]) => ({ body: objectText([...Object.entries(sample), ["website", website]]), note: "honeypot" }));
  return fc.oneof({ weight: 6, arbitrary: broken }, { weight: 2, arbitrary: notAnObject }, { weight: 2, arbitrary: randomObject }, { weight: 1, arbitrary: honeypot });
}

/** Bodies that are not JSON at all, truncated, nested very deep, or over the 64 KB cap. */
function rawBody(sample: Record<string, unknown>): fc.Arbitrary<{ body: string; note: string }> {
  const full = JSON.stringify(sample);
  const isJson = (value: string) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  };
  return fc.oneof(
    fc
      .oneof(fc.string(), hostileString)
      .filter((value) => !isJson(value))
      .map((body) => ({ body, note: "not JSON" })),
    fc.integer({ min: 0, max: full.length - 1 }).map((cut) => ({ body: full.slice(0, cut), note: `truncated at ${cut}` })),
    fc.integer({ min: 1000, max: 30_000 }).map((depth) => ({ body: `${"[".repeat(depth)}${"]".repeat(depth)}`, note: `nested ${depth}` })),
    fc.integer({ min: 1000, max: 20_000 }).map((depth) => ({ body: `{"email":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`, note: `nested object ${depth}` })),
    fc.integer({ min: 64 * 1024 + 1, max: 200_000 }).map((size) => ({ body: JSON.stringify({ ...sample, pad: "x".repeat(size) }), note: `${size} bytes` })),
    fc.constantFrom("", "\ufeff" + full, "null", "[]", '"stringa"', "0", "true", `${full}${full}`, full.replace(/"/g, "'")).map((body) => ({ body, note: "edge" })),
  );
}

/* Calling an action and judging its answer */

let address = 0;

async function send(action: Action, db: Database, request: FuzzRequest) {
  const headers = new Headers();
  if (request.contentType) headers.set("Content-Type", request.contentType);
  if (request.idempotencyKey !== null) {
    try {
      headers.set("Idempotency-Key", request.idempotencyKey);
    } catch {
      // not a valid header value: a browser could not send it either
    }
  }
  const proof = request.proof ?? "solved";
  if (proof === "solved") headers.set("X-Altcha", await solvedChallenge());
  if (proof === "junk") headers.set("X-Altcha", Buffer.from(request.body.slice(0, 200)).toString("base64"));
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== "GET") init.body = request.body;
  // A fresh client address per call: the rate limit is not what answers.
  const clientIp = `2001:db8::${(++address).toString(16)}`;
  const response = await action({ request: new Request("http://localhost/api/fuzz", init), params: {}, context: { db, clientIp, cspNonce: "" } });
  const raw = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", raw, json: json as { error?: unknown; fields?: Record<string, unknown> } | undefined };
}

const italian = /[àèéìòù]|\b(il|la|le|lo|un|una|non|di|da|del|della|per|con|campi|richiesta|richieste|riprova|troppe|inserisci|seleziona|scegli|devi)\b/i;
const english = /\b(invalid|expected|received|required|must|too (big|small)|characters?|string|number|object|array|input|unrecognized|failed|error)\b/i;

function judge(answer: Awaited<ReturnType<typeof send>>) {
  const problems: string[] = [];
  if (answer.status < 400 || answer.status > 499) problems.push(`status ${answer.status}`);
  if (!answer.contentType.includes("application/json")) problems.push(`content-type ${answer.contentType}`);
  const message = answer.json?.error;
  if (typeof message !== "string") problems.push("no error string");
  else if (!italian.test(message) || english.test(message)) problems.push(`error not in Italian: ${message}`);
  return problems;
}

/** Row counts of every table, except the counters a refused request may legitimately touch. */
async function tableCounts(db: Database) {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counted = tables.rows.map((row) => row.name).filter((name) => !["rate_limits", "idempotency_keys", "rate_limit"].includes(name));
  return () => rowCounts(db, counted);
}

/* The endpoints */

const apiDir = path.resolve("app/routes/api");
/* Not JSON forms with field rules: better-auth's handler, and Stripe's webhook, whose body is
   acted upon only with a valid signature (stripe.test.ts: a bad signature, a tampered body and a
   missing header answer 400 and store nothing). */
const notFieldEndpoints = new Set(["auth.ts", "stripe-webhook.ts"]);
const endpointNames = fs
  .readdirSync(apiDir)
  .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test.") && !notFieldEndpoints.has(file))
  .map((file) => file.replace(/\.tsx?$/, ""))
  .sort();

async function loadModule(name: string) {
  return (await import(/* @vite-ignore */ path.join(apiDir, name))) as { action?: Action; loader?: Action };
}
const loadAction = async (name: string) => (await loadModule(name)).action;

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const RAW_RUNS = Math.ceil(RUNS / 3);

let db: Database;
let dataDir: string;
let counts: () => Promise<Record<string, number>>;

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-fuzz-"));
  dataDir = process.env.DATA_DIR;
  db = await testDatabase();
  await intakeTherapist(db);
  counts = await tableCounts(db);
  // The registration endpoint needs its three PDFs to get as far as the database.
  for (const { type } of documentTypes) {
    await storage().put("documents", documentFileName(type), Buffer.from("%PDF-1.4\n%%EOF\n"), "application/pdf");
  }
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("public JSON endpoints under malformed input", () => {
  it("knows how to fuzz every endpoint module under app/routes/api/", async () => {
    const withAction = [];
    for (const name of endpointNames) if (await loadAction(name)) withAction.push(name);
    expect(withAction.length).toBeGreaterThanOrEqual(8);
    // A new endpoint needs a valid sample and its field rules here, or it would go unfuzzed.
    expect(withAction.filter((name) => !(name in specs))).toEqual([]);
  });

  for (const name of endpointNames) {
    const spec = specs[name];
    if (!spec) continue;

    describe(name, () => {
      let action: Action;
      let sample: Record<string, unknown>;
      beforeAll(async () => {
        action = (await loadAction(name))!;
        sample = await spec.sample(db);
      });

      it("accepts its valid sample (so the mutations below break a payload that was otherwise fine)", async () => {
        const answer = await send(action, db, { method: "POST", contentType: "application/json", idempotencyKey: null, body: JSON.stringify(sample), note: "sample" });
        expect(answer.status, answer.raw).not.toBe(400);
        expect(answer.status, answer.raw).toBeLessThan(500);
      });

      it(`answers ${RUNS} malformed payloads with an Italian 4xx and changes nothing`, async () => {
        const before = await counts();
        await fc.assert(
          fc.asyncProperty(
            malformedPayload(spec, sample),
            fc.constantFrom("POST", "POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
            contentTypes,
            idempotencyKeys,
            proofs,
            async ({ body, note }, method, contentType, idempotencyKey, proof) => {
              const answer = await send(action, db, { method, contentType, idempotencyKey, body, note: `${note}, challenge ${proof}`, proof });
              expect(judge(answer), `${note}\n${body.slice(0, 500)}\n→ ${answer.status} ${answer.raw.slice(0, 300)}`).toEqual([]);
              expect(await counts()).toEqual(before);
            },
          ),
          { numRuns: RUNS },
        );
      });

      it(`answers ${RAW_RUNS} broken bodies (not JSON, truncated, deep, oversized) with an Italian 4xx and changes nothing`, async () => {
        const before = await counts();
        await fc.assert(
          fc.asyncProperty(rawBody(sample), contentTypes, async ({ body, note }, contentType) => {
            const answer = await send(action, db, { method: "POST", contentType, idempotencyKey: null, body, note });
            expect(judge(answer), `${note}\n${body.slice(0, 300)}\n→ ${answer.status} ${answer.raw.slice(0, 300)}`).toEqual([]);
            expect(await counts()).toEqual(before);
          }),
          { numRuns: RAW_RUNS },
        );
      });

      const textFields = Object.entries({ ...spec.required, ...spec.optional }).filter(
        (entry): entry is [string, Extract<Field, { kind: "text" | "optionalText" }>] => entry[1].kind === "text" || entry[1].kind === "optionalText",
      );
      if (textFields.length > 0) {
        it(`stores or refuses (4xx) ${RAW_RUNS} valid payloads with hostile text, never a 500`, async () => {
          await fc.assert(
            fc.asyncProperty(fc.tuple(...textFields.map(([, field]) => hostileText(field.kind === "text" ? field.min : 0, field.max))), async (values) => {
              const payload: Record<string, unknown> = { ...(await spec.sample(db)) };
              textFields.forEach(([key], index) => (payload[key] = values[index]));
              const body = JSON.stringify(payload);
              const answer = await send(action, db, { method: "POST", contentType: "application/json", idempotencyKey: null, body, note: "hostile text" });
              expect(answer.status, `${body.slice(0, 500)}\n→ ${answer.raw.slice(0, 300)}`).toBeLessThan(500);
            }),
            { numRuns: RAW_RUNS },
          );
        });
      }

      it("names every refused field in Italian, never with a library's English default", async () => {
        await fc.assert(
          fc.asyncProperty(malformedPayload(spec, sample), async ({ body, note }) => {
            const answer = await send(action, db, { method: "POST", contentType: "application/json", idempotencyKey: null, body, note });
            const english_ = Object.entries(answer.json?.fields ?? {}).filter(([, message]) => typeof message !== "string" || english.test(message));
            expect(english_, `${note}\n${body.slice(0, 300)}`).toEqual([]);
          }),
          { numRuns: RAW_RUNS },
        );
      });
    });
  }

  it(`answers GET endpoints with any query string (${RAW_RUNS} each) without a 500 and without writing`, async () => {
    const before = await counts();
    for (const name of endpointNames) {
      const { loader } = await loadModule(name);
      if (!loader) continue;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.oneof(fc.constant("email"), extraKeys), hostileString), { maxLength: 4 }), async (pairs) => {
          const query = new URLSearchParams(pairs.map(([key, value]) => [key, value.replace(/[\ud800-\udfff]/g, "")]));
          const request = new Request(`http://localhost/api/${name}?${query}`);
          const response = await loader({ request, params: {}, context: { db, clientIp: "2001:db8::1", cspNonce: "" } });
          expect(response.status, `${name}?${query}`).toBeLessThan(500);
          expect(await counts()).toEqual(before);
        }),
        { numRuns: RAW_RUNS },
      );
    }
  });
});
