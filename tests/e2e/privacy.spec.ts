import { expect, test, type Page } from "@playwright/test";

const publicPages = [
  "/",
  "/about",
  "/nostro-metodo",
  "/terapeuti",
  "/blog",
  "/prezzi",
  "/contatti",
  "/problemi/sentirsi-soli",
  "/termini",
  "/privacy",
  "/accordo-servizio",
  "/grazie",
];
const sensitivePages = [
  "/questionario",
  "/questionario-interno",
  "/gruppi-matching?email=privacy%40example.com&name=Test",
  "/call-test?name=Test&email=privacy%40example.com",
  "/conferma-iscrizione",
  "/test-followup",
];

/** Records the origin of every request the page makes, including images, fonts, media and beacons. */
function recordOrigins(page: Page) {
  const origins = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") origins.add(url.origin);
  });
  return origins;
}

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
}

test.describe("no trackers", () => {
  test("before consent, a full visit requests only the site's own origin and writes no cookie or local storage", async ({ page, baseURL }) => {
    const origins = recordOrigins(page);
    for (const path of [...publicPages, ...sensitivePages]) {
      await page.goto(path);
      await scrollThrough(page);
      await page.waitForLoadState("networkidle");
    }
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });

  test("even after accepting every cookie, questionnaire, matching, call and registration pages stay first-party", async ({ page, baseURL }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Accetta tutti" }).click();
    const origins = recordOrigins(page);
    for (const path of sensitivePages) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
  });
});
