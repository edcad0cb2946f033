import { randomInt } from "node:crypto";
import { expect, test as base, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { GATE_CONSENT_COOKIE, GATE_CONSENT_VALUE } from "../../../app/domain/questionnaire";
import { mailsTo } from "./mail";
import { DEMO_ADMIN, DEMO_THERAPIST } from "./server-env";

/** Signs `page` in through the Admin Login form as the demo admin and waits for the admin shell. */
async function signInAsAdmin(page: Page) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByLabel("Email address").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Utenti", level: 1 })).toBeVisible();
}

/** Signs `page` in at /accedi as the demo therapist and waits for their area. */
export async function signInAsTherapist(page: Page) {
  await page.goto("/accedi");
  await page.getByLabel("Email address").fill(DEMO_THERAPIST.email);
  await page.getByLabel("Password").fill(DEMO_THERAPIST.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/terapeuta-area$/);
}

/** The cookie banner answered ("Solo necessari") before any page of the context loads; only the top window (the mailbox preview is a sandboxed frame without storage). */
export function answerCookieBanner(context: BrowserContext) {
  return context.addInitScript(() => {
    if (window.top === window) window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
}

/** The welcome gate accepted in this browser, as its form leaves it: the session cookie the server set. */
export function acceptGateConsent(context: BrowserContext, baseURL: string | undefined) {
  return context.addCookies([{ name: GATE_CONSENT_COOKIE, value: GATE_CONSENT_VALUE, url: baseURL! }]);
}

/**
 * The rows of staff's balances ("Saldo per persona") of the demo's running group. On a phone each row is a
 * card whose cells carry their column's name ("Gruppo Ritmi propri" to a screen reader), so the cell is
 * matched by how its name ends.
 */
export function runningGroupAccounts(adminPage: Page) {
  return adminPage
    .getByRole("region", { name: "Saldo per persona" })
    .getByRole("row")
    .filter({ has: adminPage.getByRole("cell", { name: /(^|Gruppo\s*)Ritmi propri$/i }) });
}

/** The address of a member of the demo's running group ("Ritmi propri"), read from staff's balances: one per `index`, so parallel runs do not meet. */
export async function demoMember(adminPage: Page, index: number) {
  // The accounts list is paged (20 a page, by group name): the demo's group may start on a later page.
  let seen = 0;
  for (let page = 1; page <= 10; page++) {
    await adminPage.goto(`/admin/pagamenti?page=${page}`);
    await adminPage.getByRole("region", { name: "Saldo per persona" }).getByRole("table").waitFor();
    const members = runningGroupAccounts(adminPage);
    const count = await members.count();
    if (index < seen + count)
      return (await members
        .nth(index - seen)
        .getByRole("cell")
        .first()
        .locator("span")
        .last()
        .textContent())!.trim();
    seen += count;
  }
  throw new Error(`demo member ${index} of Ritmi propri not found on the payments pages`);
}

/** Signs a member in to their area as they do: asks for the link on the sign-in form and follows the link e-mailed to them, back to `returnPath`. */
export async function signInClient(page: Page, email: string, returnPath = "/area-personale/pagamenti") {
  // Other e-mails to the address (a booking's confirmation) may still be arriving: only the sign-in links count.
  const links = async () => (await mailsTo(email)).filter((item) => item.subject === "Entra nella tua area personale");
  const before = (await links()).length;
  await page.goto(`/area-personale?${new URLSearchParams({ ritorno: returnPath })}`);
  await page.getByLabel("La tua email").fill(email);
  await page.getByRole("button", { name: "Mandami il link per entrare" }).click();
  await expect.poll(async () => (await links()).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const mail = (await links()).at(-1)!;
  await page.goto(/https?:\/\/[^"\s<>]+\/api\/auth\/magic-link\/verify\?[^"\s<>]+/.exec(mail.html)![0].replaceAll("&amp;", "&"));
}

/**
 * A signed-in admin page in its own context, with this project's device settings and the cookie
 * banner answered, for serial specs that share it across their tests: sign-in is rate limited, so
 * they sign in once (in `beforeAll`) and close `page.context()` in `afterAll`.
 */
export async function openAdminPage(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL, locale } = testInfo.project.use;
  // Staff on a machine of their own: the admin sign-in limit (5 a minute per address) counts it apart
  // from the project's visitor and from the other specs' staff pages opened within the same minute.
  const staffAddress = `198.18.${randomInt(256)}.${1 + randomInt(254)}`;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL, locale, extraHTTPHeaders: { "X-Forwarded-For": staffAddress } });
  await answerCookieBanner(context);
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/** `adminPage`: the test's own page, signed in as the demo admin. */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, provide) => {
    await signInAsAdmin(page);
    await provide(page);
  },
});
