import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { identityMessages } from "~/domain/matching-types";
import { insertRows, type Database } from "../db/client.server";
import { accessTokens, pendingActions, questionnaireResponses } from "../db/schema";
import { authSecret } from "../auth.server";
import { publicBaseUrl } from "../env.server";
import type { HandlerResult } from "../http/idempotency.server";
import { emailBody, enqueueEmails } from "../mail/outbox.server";
import { ConfirmRequestEmail } from "../mail/booking-templates";
import { normalizeEmail } from "./groups.server";

/**
 * Identity without an account (DESIGN §13): an e-mail address proves nothing. A person is known by
 * a capability token issued when they submit the questionnaire or confirm a link we e-mailed them;
 * only its hash is stored. A write asked for an address without a token becomes a pending action,
 * done only after the owner of the address clicks the link we send there.
 */

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

const ACCESS_TOKEN_DAYS = 30;
const PENDING_ACTION_HOURS = 48;

/** The token of a row: an HMAC of its id, so a retried submission can be answered again without storing the token. */
export function tokenOf(id: string) {
  const key = createHmac("sha256", authSecret()).update("insieme:access-token").digest();
  return createHmac("sha256", key).update(id).digest("base64url");
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export interface Identity {
  email: string;
  responseId: string | null;
}

/** Issues a token for an address (and the questionnaire it belongs to); returns its row id. */
async function issueAccessToken(tx: Pick<Database, "execute">, email: string, responseId: string | null) {
  const id = crypto.randomUUID();
  await tx.execute(accessTokenInsert(id, email, responseId));
  return id;
}

/** The insert of a token row with the given id, not yet run (for `writeTogether`). */
export function accessTokenInsert(id: string, email: string, responseId: string | null) {
  return insertRows(accessTokens, [{ id, tokenHash: hashToken(tokenOf(id)), email: normalizeEmail(email), responseId }], {
    expressions: { expiresAt: sql`now() + make_interval(days => ${ACCESS_TOKEN_DAYS})` },
  });
}

/** A new token row for an address, tied to its newest questionnaire (the address was proven). */
export async function issueAddressToken(tx: Tx, email: string) {
  const [response] = await tx
    .select({ id: questionnaireResponses.id })
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.email, normalizeEmail(email)))
    .orderBy(desc(questionnaireResponses.createdAt))
    .limit(1);
  return issueAccessToken(tx, email, response?.id ?? null);
}

/** A fresh token for links in e-mails sent to that address. */
export async function tokenForAddress(tx: Tx, email: string) {
  return tokenOf(await issueAddressToken(tx, email));
}

/**
 * A token for an address already proven another way (a signed-in client): the newest one still
 * valid for a day or more is shown again (its secret is derived from its row id), else a new one.
 */
export async function tokenForProvenAddress(db: Database, email: string) {
  const normalized = normalizeEmail(email);
  const [current] = await db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(eq(accessTokens.email, normalized), gt(accessTokens.expiresAt, sql`now() + interval '1 day'`)))
    .orderBy(desc(accessTokens.createdAt))
    .limit(1);
  return current ? tokenOf(current.id) : db.transaction((tx) => tokenForAddress(tx, normalized));
}

/** Who holds this token, or null: unknown, malformed and expired tokens are all the same null. */
export async function identityFromToken(db: Pick<Database, "select">, token: string | null | undefined): Promise<Identity | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ email: accessTokens.email, responseId: accessTokens.responseId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** The token of a request: the `token` query parameter, the X-Access-Token header or a `token` field. */
export function tokenFromRequest(request: Request, body?: unknown) {
  const field = body && typeof body === "object" && "token" in body ? (body as { token?: unknown }).token : undefined;
  const value = request.headers.get("x-access-token") ?? (typeof field === "string" ? field : null) ?? new URL(request.url).searchParams.get("token");
  return value?.trim() || null;
}

/** A handler that acts for the holder of the address's token: the posted `token` field, else the request's. */
export function withRequestToken<Tx, Data extends { token?: string | null }, Result>(handle: (tx: Tx, input: Data & { token: string | null }) => Result) {
  return (tx: Tx, data: Data, request: Request) => handle(tx, { ...data, token: data.token ?? tokenFromRequest(request) });
}

export type PendingKind = (typeof pendingActions.$inferSelect)["kind"];

/**
 * A write for an address without proof: stored as pending and confirmed by a link sent to the
 * address. The answer is the same whether or not we know the address.
 */
export async function requestConfirmation(tx: Tx, input: { email: string; kind: PendingKind; payload: Record<string, unknown>; summary: string }): Promise<HandlerResult> {
  const secret = randomBytes(32).toString("base64url");
  const email = normalizeEmail(input.email);
  await tx.insert(pendingActions).values({
    tokenHash: hashToken(secret),
    email,
    kind: input.kind,
    payload: { ...input.payload, summary: input.summary },
    expiresAt: sql`now() + make_interval(hours => ${PENDING_ACTION_HOURS})`,
  });
  await enqueueEmails(tx, [
    {
      to: email,
      subject: "Conferma la tua richiesta",
      template: "confirm-request",
      body: emailBody(ConfirmRequestEmail, {
        summary: input.summary,
        confirmUrl: `${publicBaseUrl()}/conferma-richiesta/${secret}`,
        hours: PENDING_ACTION_HOURS,
      }),
    },
  ]);
  return { status: 202, body: { pending: true, message: identityMessages.pending } };
}

/** The pending action behind a confirmation link (not expired), locked for the caller's transaction. */
export async function pendingAction(tx: Tx, secret: string, lock = false) {
  if (!TOKEN_SHAPE.test(secret)) return undefined;
  const query = tx
    .select()
    .from(pendingActions)
    .where(and(eq(pendingActions.tokenHash, hashToken(secret)), gt(pendingActions.expiresAt, sql`now()`)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Marks a pending action done with what it produced, so a second click shows the same result. */
export async function completePendingAction(tx: Tx, id: string, result: Record<string, unknown>) {
  await tx
    .update(pendingActions)
    .set({ confirmedAt: sql`now()`, result })
    .where(and(eq(pendingActions.id, id), isNull(pendingActions.confirmedAt)));
}
