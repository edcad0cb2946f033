#!/usr/bin/env node
// Full-page screenshots of signed-in pages at 390 and 1280 px, to look at what you built behind a sign-in.
//
//   node scripts/screenshot-signed-in.mjs --as admin|therapist|client[=EMAIL] BASE_URL PATH...
//
// Signs in as a person of the demo against a running server (e.g. `npm start` or a build of your own
// started with `node server.mjs`), the way they do: staff on the Admin Login with DEMO_ADMIN_PASSWORD, the demo
// therapist on /accedi with DEMO_THERAPIST_PASSWORD (so start the server with both set), a client with the link
// e-mailed to them, read from admin → Posta (every outgoing e-mail stays there, with or without SMTP). Without
// `=EMAIL` the client is the first member of the demo's running group ("Ritmi propri", from staff's balances).
// Writes screenshots/<role>-<path>-<width>.png (screenshots/ is git-ignored). CHROMIUM_PATH overrides /usr/bin/chromium;
// ADMIN_EMAIL / THERAPIST_EMAIL override the demo addresses.
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";

const require = createRequire(process.cwd() + "/");
const { chromium } = require("playwright-core");

const usage = "usage: screenshot-signed-in.mjs --as admin|therapist|client[=EMAIL] BASE_URL PATH...";
const args = process.argv.slice(2);
const asIndex = args.indexOf("--as");
const role = asIndex >= 0 ? args.splice(asIndex, 2)[1] : undefined;
const [first, ...paths] = args;
if (!role || !first || paths.length === 0 || !/^(admin|therapist|client(=.+)?)$/.test(role)) {
  console.error(usage);
  process.exit(2);
}
const base = new URL(first);
const adminEmail = process.env.ADMIN_EMAIL ?? "admin@insieme.local";
const therapistEmail = process.env.THERAPIST_EMAIL ?? "terapeuta@insieme.local";

function password(variable) {
  const value = process.env[variable];
  if (!value) {
    console.error(`${variable} is not set: start the server with it and pass the same value here.`);
    process.exit(2);
  }
  return value;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

/** A browser context of its own with the cookie banner answered ("Solo necessari"), so it covers nothing. */
async function newContext() {
  const context = await browser.newContext({ baseURL: base.origin, locale: "it-IT", viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    if (window.top === window) window.localStorage.setItem("cookieConsent", JSON.stringify({ necessary: true, analytics: false, marketing: false }));
  });
  return context;
}

/** Signs in on a password form (the Admin Login, or /accedi for therapists) and waits to leave it. */
async function signInWithPassword(page, path, email, secret) {
  await page.goto(path);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(secret);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page
    .getByLabel("Password")
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => Promise.reject(new Error(`sign-in as ${email} refused (wrong password? the server's DEMO_*_PASSWORD must be the same)`)));
}

/** The first member of the demo's running group, read from staff's balances (paged, 20 a page). */
async function firstDemoMember(adminPage) {
  for (let number = 1; number <= 10; number++) {
    await adminPage.goto(`/admin/pagamenti?page=${number}`);
    const region = adminPage.getByRole("region", { name: "Saldo per persona" });
    await region.getByRole("table").waitFor();
    const rows = region.getByRole("row").filter({ has: adminPage.getByRole("cell", { name: /(^|Gruppo\s*)Ritmi propri$/i }) });
    if (await rows.count()) return (await rows.first().getByRole("cell").first().locator("span").last().textContent()).trim();
  }
  throw new Error("no member of Ritmi propri on staff's balances: pass --as client=EMAIL");
}

/** The newest sign-in link e-mailed to `email`, read from admin → Posta. */
async function signInLink(adminPage, email, after, tries = 20) {
  for (let attempt = 0; attempt < tries; attempt++) {
    await adminPage.goto(`/admin/posta?${new URLSearchParams({ q: email })}`);
    const open = adminPage.getByRole("link", { name: `Apri l'email "Entra nella tua area personale" a ${email}` }).first();
    if (await open.count()) {
      await open.click();
      const html = await adminPage.locator("iframe[srcdoc]").getAttribute("srcdoc");
      const link = /https?:\/\/[^"\s<>]+\/api\/auth\/magic-link\/verify\?[^"\s<>]+/.exec(html ?? "")?.[0]?.replaceAll("&amp;", "&");
      if (link && link !== after) return link;
    }
    await adminPage.waitForTimeout(500);
  }
  throw new Error(`no sign-in link for ${email} in admin → Posta`);
}

async function signedInPage() {
  const context = await newContext();
  const page = await context.newPage();
  if (role === "admin") {
    await signInWithPassword(page, "/admin", adminEmail, password("DEMO_ADMIN_PASSWORD"));
  } else if (role === "therapist") {
    await signInWithPassword(page, "/accedi", therapistEmail, password("DEMO_THERAPIST_PASSWORD"));
  } else {
    const staff = await (await newContext()).newPage();
    await signInWithPassword(staff, "/admin", adminEmail, password("DEMO_ADMIN_PASSWORD"));
    const email = role.includes("=") ? role.slice(role.indexOf("=") + 1) : await firstDemoMember(staff);
    const previous = await signInLink(staff, email, undefined, 1).catch(() => undefined);
    await page.goto(`/area-personale?${new URLSearchParams({ ritorno: "/area-personale" })}`);
    await page.getByLabel("La tua email").fill(email);
    await page.getByRole("button", { name: "Mandami il link per entrare" }).click();
    await page
      .getByText(/controlla la tua (casella|email)/i)
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined);
    await page.goto(await signInLink(staff, email, previous));
    await page.waitForURL(/\/area-personale/, { timeout: 15_000 });
    await staff.context().close();
    console.log(`signed in as ${email}`);
  }
  return page;
}

mkdirSync("screenshots", { recursive: true });
const page = await signedInPage();
const name = role.replace(/=.*/, "");
try {
  for (const path of paths) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const response = await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
      const file = `screenshots/${name}-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file} (${response?.status() ?? "?"})`);
    }
  }
} finally {
  await browser.close();
}
