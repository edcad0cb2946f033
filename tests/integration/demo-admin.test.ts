import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auth } from "../../app/server/auth.server";
import { DEMO_ADMIN_EMAIL, ensureDemoAdmin } from "../../app/server/db/demo-admin.server";
import { account, user } from "../../app/server/db/schema";
import { testDatabase } from "./database";

/**
 * Two instances starting together on an empty demo database (issue 31): each used to find no admin,
 * and the later one reset the password of the admin the other had just created, so both printed a
 * password and the first one printed no longer opened anything.
 */
describe("the demo admin when instances start together", () => {
  it("is created once: only the instance that created it prints a password, and that password signs in", async () => {
    const db = await testDatabase();
    const printed = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      // The instances reach this step a little apart, each while the ones before it are still at work.
      await Promise.all(
        [0, 10, 20, 40, 60, 90, 120].map(async (delay) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await ensureDemoAdmin(db);
        }),
      );
      expect(printed).toHaveBeenCalledTimes(1);
      const password = /with password (\S+) /.exec(String(printed.mock.calls[0]![0]))![1]!;
      const admins = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, DEMO_ADMIN_EMAIL));
      expect(admins).toEqual([{ id: expect.any(String), role: "admin" }]);
      expect(await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, admins[0]!.id))).toEqual([{ providerId: "credential" }]);
      expect((await auth(db).api.signInEmail({ body: { email: DEMO_ADMIN_EMAIL, password }, asResponse: true })).ok).toBe(true);
    } finally {
      printed.mockRestore();
    }
  });
});
