import { expect, test, type Page } from "@playwright/test";

/**
 * Content pages ship no React (issue 17): the home page loads one small script, and the menu, the
 * FAQ, the cookie banner and the newsletter form work with HTML plus that script, at 390 and 1280
 * pixels (the two projects). The sign-up itself is posted in forms.spec.ts (newsletter), at both
 * sizes; it is not repeated here because the endpoint allows five per client in ten minutes.
 */

/** Every script the page loads, with the bytes it took on the wire. */
function recordScripts(page: Page) {
  const scripts: { path: string; bytes: Promise<number> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({
      path: new URL(response.url()).pathname,
      bytes: response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize),
    });
  });
  return scripts;
}

test("the home page loads no React Router module: one script of a few KB, nothing for hydration", async ({ page }, testInfo) => {
  const scripts = recordScripts(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts.map((script) => script.path)).toEqual([expect.stringMatching(/^\/assets\/site-script-[\w-]+\.js$/)]);
  const bytes = (await Promise.all(scripts.map((script) => script.bytes))).reduce((sum, size) => sum + size, 0);
  testInfo.annotations.push({ type: "JavaScript on the home page (bytes on the wire)", description: String(bytes) });
  expect(bytes).toBeLessThan(8 * 1024);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test("the contact page is a content page too: its form is HTML plus the site script", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto("/contatti");
  await page.waitForLoadState("networkidle");
  expect(scripts.map((script) => script.path)).toEqual([expect.stringMatching(/^\/assets\/site-script-[\w-]+\.js$/)]);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  // A mistyped address is pointed out before anything is sent.
  await page.getByLabel("Nome").fill("Chiara");
  await page.getByLabel("Email").fill("chiara@");
  await page.getByLabel("Oggetto").fill("Domanda");
  await page.getByLabel("Messaggio").fill("Come funziona il primo colloquio?");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Invia messaggio" }).click();
  await expect(page.getByText("Inserisci un indirizzo email valido")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
  expect(posts).toEqual([]);
});

test("an app page still ships React: the questionnaire hydrates", async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto("/questionario");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((script) => /entry\.client/.test(script.path))).toBe(true);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
});

test("the menu: the drawer on a phone (Esc, close button, a link closes it), the top bar on a desktop", async ({ page, isMobile }) => {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await page.goto("/");
  const drawer = page.getByRole("dialog", { name: "Menu" });
  if (!isMobile) {
    await expect(page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Prezzi" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apri il menu" })).toBeHidden();
    return;
  }
  await expect(page.getByRole("navigation", { name: "Principale" })).toBeHidden();
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await drawer.getByRole("button", { name: "Chiudi il menu" }).click();
  await expect(drawer).toBeHidden();
  // A link to a section of this same page: no page load, so the script closes the drawer.
  await page.getByRole("button", { name: "Apri il menu" }).click();
  await drawer.getByRole("link", { name: "Come funziona" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator("#come-funziona")).toBeInViewport();
});

test("the FAQ opens one answer at a time", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  await page.goto("/");
  const faq = page.getByRole("region", { name: "Domande frequenti" });
  const [first, second] = [faq.locator("details").nth(0), faq.locator("details").nth(1)];
  await first.locator("summary").click();
  await expect(first.locator("p")).toBeVisible();
  await second.locator("summary").click();
  await expect(second.locator("p")).toBeVisible();
  await expect(first.locator("p")).toBeHidden();
  await second.locator("summary").click();
  await expect(second.locator("p")).toBeHidden();
});

test("the cookie banner: Customize stores the switches, a later visit keeps the choice, the footer reopens it", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "La tua privacy conta" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Personalizza" }).click();
  const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
  await expect(dialog.getByRole("switch", { name: "Marketing" })).not.toBeChecked();
  await dialog.getByRole("switch", { name: "Marketing" }).click();
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookieConsent")))!)).toEqual({ necessary: true, analytics: false, marketing: true });
  await page.goto("/prezzi");
  await expect(page.getByRole("region", { name: "La tua privacy conta" })).toBeHidden();
  await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
  await expect(dialog.getByRole("switch", { name: "Marketing" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cookieConsent")))!)).toEqual({ necessary: true, analytics: false, marketing: true });
});

test("the newsletter form: an empty address is pointed out without sending; focusing it prepares the anti-spam proof", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false })));
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/");
  const section = page.getByRole("region", { name: "Iscriviti alla newsletter" });
  await section.getByRole("button", { name: "Iscriviti" }).click();
  await expect(section.getByText("Email richiesta", { exact: true })).toBeVisible();
  await expect(section.getByText("Inserisci il tuo indirizzo email per iscriverti", { exact: true })).toBeVisible();
  const email = section.getByLabel("Il tuo indirizzo email");
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(section.locator('input[name="altcha"]')).toHaveValue(/^[A-Za-z0-9+/=]{100,}$/, { timeout: 10_000 });
  expect(posts).toEqual([]);
});

test("a page answered from the page cache runs its script without any CSP complaint", async ({ page }) => {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  await page.goto("/terapeuti");
  await page.goto("/terapeuti");
  await expect(page.getByRole("region", { name: "La tua privacy conta" })).toBeVisible();
  expect(complaints).toEqual([]);
});
