import { expect, test } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { outage } from "../../app/content/outage";
import { e2eDataDir } from "../../playwright.config";

/**
 * Last of the run on purpose: PostgreSQL is killed under the running site (kill -9 of the embedded
 * postmaster). A person sees the Italian 503 page, and the same Node process serves the site again
 * once the supervisor has restarted the database, without anyone restarting anything.
 */
test("a database crash shows the Italian outage page, then the site works again by itself", async ({ page, request }, info) => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "needs the embedded database of the e2e server");
  test.skip(info.project.name !== "desktop", "one crash per run is enough");
  const lock = path.join(e2eDataDir, "postgres", "postmaster.pid");
  const postmaster = Number(fs.readFileSync(lock, "utf8").split("\n")[0]);
  expect(postmaster).toBeGreaterThan(0);
  const healthBefore = await request.get("/healthz");
  expect(healthBefore.status()).toBe(200);

  process.kill(postmaster, "SIGKILL");
  // A personal page (never cached) while the database is down.
  const down = await page.goto("/gruppi-matching");
  expect(down!.status()).toBe(503);
  expect(down!.headers()["retry-after"]).toBeTruthy();
  await expect(page.getByRole("heading", { level: 1, name: outage.title })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");

  await expect.poll(async () => (await request.get("/healthz")).status(), { timeout: 60_000, intervals: [500] }).toBe(200);
  const restarted = Number(fs.readFileSync(lock, "utf8").split("\n")[0]);
  expect(restarted).not.toBe(postmaster);

  const up = await page.goto("/gruppi-matching");
  expect(up!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "I gruppi più adatti a te" })).toBeVisible();
});
