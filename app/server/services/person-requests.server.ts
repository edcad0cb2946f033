import type { GroupSelectionInput } from "~/domain/matching-schemas";
import { messages } from "~/domain/matching-types";
import { freeSpotsOf } from "~/domain/matching";
import type { Database } from "../db/client.server";
import { HttpError } from "../http/errors.server";
import { type HandlerResult } from "../http/idempotency.server";
import { joinWaitlist, requestCall, selectGroup } from "./bookings.server";
import { checkOfferedSlot, slotLabel } from "./intake-calls.server";
import { loadGroups } from "./groups.server";
import { refuseMinor } from "./minors.server";
import { completePendingAction, identityFromToken, issueAddressToken, pendingAction, requestConfirmation, type Identity, type PendingKind } from "./identity.server";

/**
 * What a person asks for on the matching and call pages (choose a group, ask for a call, join a
 * waitlist). With a valid token it is done at once for the token's address; without one it waits
 * for a click on the link e-mailed to the address given (DESIGN §13).
 */

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

interface WaitlistInput {
  email: string;
  groupId?: string;
}

/** The group named by id must exist and have a free seat: the same answer for every address. */
async function checkedGroup(tx: Tx, groupId: string | undefined) {
  if (!groupId) return undefined;
  const [group] = await loadGroups(tx, { ids: [groupId], onlyOpen: false });
  if (!group) throw new HttpError(404, "Gruppo non trovato.");
  return group;
}

function maskedPhone(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return `al numero che termina con ${digits.slice(-3)}`;
}

async function perform(tx: Tx, identity: Identity, kind: PendingKind, payload: Record<string, unknown>, now: Date): Promise<HandlerResult> {
  // Groups are for adults: nothing is booked for someone whose questionnaire says "Meno di 18".
  await refuseMinor(tx, identity.email);
  if (kind === "waitlist") return joinWaitlist(tx, { ...(payload as unknown as WaitlistInput), email: identity.email });
  const input = { ...(payload as unknown as GroupSelectionInput), email: identity.email };
  if (kind === "request-call" && input.call) return requestCall(tx, { ...input, call: input.call }, now);
  return selectGroup(tx, input);
}

/** A group selection or a call request (the spec's update-group-selection). */
export async function chooseGroup(tx: Tx, input: Omit<GroupSelectionInput, "token"> & { token?: string | null }, now = new Date()): Promise<HandlerResult> {
  const { token, ...request } = input;
  const kind: PendingKind = request.call ? "request-call" : "select-group";
  const identity = await identityFromToken(tx, token);
  if (identity) return perform(tx, identity, kind, request, now);

  const group = await checkedGroup(tx, request.groupId);
  if (kind === "select-group" && group && (group.status !== "open" || freeSpotsOf(group) === 0)) throw new HttpError(409, messages.groupFull);
  if (request.callSlot) await checkOfferedSlot(tx, request.callSlot, request.groupId, now);
  const summary = request.call
    ? `una chiamata conoscitiva gratuita ${maskedPhone(request.call.phone)}${request.callSlot ? `, ${slotLabel(new Date(request.callSlot))}` : ""}`
    : `la scelta del gruppo ${group?.name ?? `di ${request.selectedTherapist}`}`;
  // A time picked without proof of the address was offered from the asked group's therapist or from
  // every therapist who takes calls, never from the booking (DESIGN §13): the click books it from the
  // same calendars (`slotGroupId`), and the booking is read only then (decision 088).
  const payload = request.call && request.callSlot ? { ...request, slotGroupId: request.groupId ?? null } : request;
  return requestConfirmation(tx, { email: request.email, kind, payload, summary });
}

/** "Avvisami quando si libera un posto". */
export async function askWaitlist(tx: Tx, input: WaitlistInput & { token?: string | null }): Promise<HandlerResult> {
  const { token, ...request } = input;
  const identity = await identityFromToken(tx, token);
  if (identity) return perform(tx, identity, "waitlist", request, new Date());
  const group = await checkedGroup(tx, request.groupId);
  const summary = group ? `l'avviso quando si libera un posto nel gruppo ${group.name}` : "l'avviso quando si libera un posto in un gruppo";
  return requestConfirmation(tx, { email: request.email, kind: "waitlist", payload: request, summary });
}

export interface ConfirmedRequest {
  kind: PendingKind;
  /** The access token issued by the confirmation: the click proved the address. */
  tokenId: string;
  email: string;
  name: string | null;
  groupId: string | null;
  therapist: string | null;
  slotLabel: string | null;
}

type ConfirmationState = { state: "invalid" } | { state: "pending"; kind: PendingKind; summary: string } | { state: "done"; result: ConfirmedRequest };

/** What a confirmation link stands for, without doing anything (link scanners only read). */
export async function confirmationState(tx: Tx, secret: string): Promise<ConfirmationState> {
  const row = await pendingAction(tx, secret);
  if (!row) return { state: "invalid" };
  if (row.confirmedAt) return { state: "done", result: row.result as ConfirmedRequest };
  return { state: "pending", kind: row.kind, summary: String((row.payload as { summary?: unknown }).summary ?? "") };
}

/**
 * The click on "Conferma": does the pending action once (a second click returns the first result)
 * and issues an access token for the address.
 */
export async function confirmRequest(tx: Tx, secret: string, now = new Date()): Promise<ConfirmationState> {
  const row = await pendingAction(tx, secret, true);
  if (!row) return { state: "invalid" };
  if (row.confirmedAt) return { state: "done", result: row.result as ConfirmedRequest };
  const identity: Identity = { email: row.email, responseId: null };
  const { summary: _summary, ...payload } = row.payload as Record<string, unknown>;
  const outcome = await perform(tx, identity, row.kind, payload, now);
  const body = outcome.body as { groupId?: string; therapist?: string; slot?: { label: string } | null };
  const input = payload as Partial<GroupSelectionInput>;
  const result: ConfirmedRequest = {
    kind: row.kind,
    tokenId: await issueAddressToken(tx, row.email),
    email: row.email,
    name: typeof input.name === "string" ? input.name : null,
    groupId: body.groupId ?? input.groupId ?? null,
    therapist: body.therapist ?? null,
    slotLabel: body.slot?.label ?? null,
  };
  await completePendingAction(tx, row.id, result as unknown as Record<string, unknown>);
  return { state: "done", result };
}
