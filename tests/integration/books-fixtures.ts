import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { auth, getSession, type SessionInfo } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { therapists, user } from "../../app/server/db/schema";
import { readItalianCsv } from "../support/read-italian-csv";
import { cookieHeader, staffAndClientAccounts } from "./helpers";
import { pageRequest, type AnyHandler } from "./route-calls";

/**
 * What the books' tests share: a signed-in staff member, client and therapist (for the access rules
 * of the staff-only pages), and reading a CSV back as Italian Excel does.
 */

export interface RoleCookies {
  staff: SessionInfo;
  adminCookie: string;
  clientCookie: string;
  therapistCookie: string;
}

async function cookieOf(db: Database, email: string, password: string) {
  const response = await auth(db).api.signInEmail({ body: { email, password }, asResponse: true });
  if (!response.ok) throw new Error(`could not sign ${email} in`);
  return cookieHeader(response);
}

/** Staff (staff@example.com), a client with a confirmed address, and a therapist with their own record, each signed in. */
export async function roleCookies(db: Database): Promise<RoleCookies> {
  await staffAndClientAccounts(db);
  await auth(db).api.signUpEmail({ body: { email: "terapeuta.libri@example.com", password: "password-terapeuta-1", name: "Terapeuta" } });
  const [therapistUser] = await db.update(user).set({ emailVerified: true, role: "therapist" }).where(eq(user.email, "terapeuta.libri@example.com")).returning();
  await db
    .insert(therapists)
    .values({ name: "Dott.ssa Propria", role: "Psicologa", specialization: "Gruppi", experience: "5 anni", description: "Conduce un gruppo", userId: therapistUser!.id });
  const adminCookie = await cookieOf(db, "staff@example.com", "password-molto-lunga");
  const staff = await getSession(db, pageRequest("/admin", { cookie: adminCookie }));
  return {
    staff: staff!,
    adminCookie,
    clientCookie: await cookieOf(db, "utente@example.com", "password-utente-1"),
    therapistCookie: await cookieOf(db, "terapeuta.libri@example.com", "password-terapeuta-1"),
  };
}

type Call = (handler: AnyHandler, request: Request, params?: Record<string, string>) => Promise<unknown>;

/** `loader` at `path` refuses an anonymous visitor (401), a client and a therapist (403). */
export async function staffOnly(call: Call, loader: AnyHandler, path: string, cookies: RoleCookies, params: Record<string, string> = {}) {
  for (const [cookie, status] of [
    [undefined, 401],
    [cookies.clientCookie, 403],
    [cookies.therapistCookie, 403],
  ] as const) {
    await expect(call(loader, pageRequest(path, { cookie }), params), `${path} with ${cookie ? "a cookie" : "no cookie"}`).rejects.toMatchObject({ status });
  }
}

/** A downloaded CSV as Italian Excel reads it: UTF-8 with its byte-order mark (what makes Excel read the accents), then `readItalianCsv`. */
export function readCsvDownload(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 3)], "the UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = readItalianCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
  return { header, rows };
}

/** "1.065,00" or "-35,00" as a spreadsheet reads it: the comma is the decimal separator. */
export const italianNumber = (cell: string) => {
  expect(cell, `${cell} is a number with a decimal comma`).toMatch(/^-?\d+,\d{2}$/);
  return Number(cell.replace(",", "."));
};

/** The bytes of a download the loader answered. */
export async function downloaded(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}
