import { beforeAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "../../app/routes/admin/layout";
import type { Database } from "../../app/server/db/client.server";
import { testDatabase } from "./database";
import { staffAndClientAccounts, cookieHeader } from "./helpers";
import { requireAdmin } from "../../app/server/gates.server";

let db: Database;

beforeAll(async () => {
  db = await testDatabase({ dataDir: "auth" });
  await staffAndClientAccounts(db);
});

function signInRequest(email: string, password: string, ip = "198.51.100.1") {
  const body = new URLSearchParams({ intent: "sign-in", email, password });
  return new Request("http://localhost:3000/admin", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": ip, origin: "http://localhost:3000" },
  });
}

const context = (clientIp = "198.51.100.1") => ({ db, clientIp, cspNonce: "" });

async function signIn(email: string, password: string, ip?: string) {
  const result = await adminAction({ request: signInRequest(email, password, ip), params: {}, context: context(ip) } as never);
  return result as Response;
}

describe("admin authentication", () => {
  it("signs an admin in with an HttpOnly, SameSite=Lax session cookie and a fresh token each time", async () => {
    const first = await signIn("staff@example.com", "password-molto-lunga", "198.51.100.10");
    expect(first.status).toBe(302);
    const cookie = first.headers.getSetCookie().find((value) => value.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const second = await signIn("staff@example.com", "password-molto-lunga", "198.51.100.10");
    expect(cookieHeader(second)).not.toBe(cookieHeader(first));

    const request = new Request("http://localhost:3000/admin", { headers: { cookie: cookieHeader(first) } });
    const session = await requireAdmin(db, request);
    expect(session.user.email).toBe("staff@example.com");
    const page = await adminLoader({ request, params: {}, context: context() } as never);
    expect(page).toMatchObject({ view: "admin" });
  });

  it("refuses anonymous (401) and non-admin (403) requests on the server", async () => {
    const anonymous = new Request("http://localhost:3000/admin");
    await expect(requireAdmin(db, anonymous)).rejects.toMatchObject({ status: 401 });
    expect(await adminLoader({ request: anonymous, params: {}, context: context() } as never)).toEqual({ view: "login" });

    const user = await signIn("utente@example.com", "password-utente-1", "198.51.100.11");
    const request = new Request("http://localhost:3000/admin", { headers: { cookie: cookieHeader(user) } });
    await expect(requireAdmin(db, request)).rejects.toMatchObject({ status: 403 });
    const page = (await adminLoader({ request, params: {}, context: context() } as never)) as { data: unknown; init: { status: number } };
    expect(page.data).toEqual({ view: "denied" });
    expect(page.init.status).toBe(403);
  });

  it("shows the server's message for a wrong password and answers 429 to a brute force", async () => {
    const wrong = (await signIn("staff@example.com", "sbagliata-1234", "203.0.113.5")) as unknown as { data: { error: string }; init: { status: number } };
    expect(wrong.init.status).toBe(401);
    expect(wrong.data.error).toMatch(/invalid/i);
    // One address trying many accounts (each failing once, so no account is locked out).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const result = (await signIn(`bersaglio-${attempt}@example.com`, `sbagliata-${attempt}`, "203.0.113.5")) as unknown as { init: { status: number } };
      statuses.push(result.init.status);
    }
    expect(statuses).toContain(429);
    // Another client address is not blocked by the first one's failures.
    const other = await signIn("staff@example.com", "password-molto-lunga", "203.0.113.99");
    expect(other.status).toBe(302);
  });
});
