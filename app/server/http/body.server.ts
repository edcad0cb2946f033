import { data } from "react-router";
import type { z } from "zod";
import "~/domain/zod";
import { formErrors } from "~/domain/form-fields";
import { errors, HttpError } from "./errors.server";

/** What a request carries, read under a cap and checked: every refusal a clear 4xx (HttpError), never a 500. */

const MAX_JSON_BYTES = 64 * 1024;
export const MAX_JSON_DEPTH = 20;

/** How deeply a parsed JSON value nests (iteratively: a hostile body cannot exhaust the stack). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** PostgreSQL text cannot hold NUL: such input is refused as a 400, never a 500. */
export function hasNulCharacter(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes("\\u0000");
}

/**
 * A request's body, counted as it streams in and refused with 413 once it passes `maxBytes`, whatever
 * Content-Length says (or does not say); 400 when there is no body.
 */
export async function readBodyCapped(request: Request, maxBytes: number, messages: { tooLarge: string; missing: string }): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, messages.tooLarge);
  const reader = request.body?.getReader();
  if (!reader) throw new HttpError(400, messages.missing);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, messages.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body with a size cap; anything else is a clear 4xx, never a 500. */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const body = await readBodyCapped(request, maxBytes, { tooLarge: errors.tooLarge, missing: errors.badJson });
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, errors.badJson);
  }
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A page's action reads a form (a browser's post, React Router's fetchers): a body of any other type (JSON, none)
 * made `request.formData()` throw, a 500 and a stack in the log; it is refused with 415 and says why. Applied to
 * every page's action where the route modules are wrapped (`withOutageResponses`).
 */
export function formBodiesOnly<Args extends { request: Request }, Result>(action: (args: Args) => Result): (args: Args) => Result {
  return (args) => {
    if (!FORM_TYPES.test(args.request.headers.get("content-type") ?? "")) throw data(errors.notAForm, { status: 415, statusText: "Unsupported Media Type" });
    return action(args);
  };
}

/** A plain HTML form post (no JavaScript): the same fields as the JSON body. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, errors.tooLarge);
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** The fields of a schema's input, first message per field, or a 400 carrying the first message. */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new HttpError(400, Object.values(formErrors(parsed.error))[0] ?? errors.invalid);
  return parsed.data;
}
