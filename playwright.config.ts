import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { serverEnv } from "./tests/e2e/support/server-env";

const port = Number(process.env.E2E_PORT ?? 3123);
/** The test mail server's ports (SMTP and its HTTP API, read by tests/e2e/support/mail.ts): set both to run two suites at once. */
const smtpPort = process.env.E2E_SMTP_PORT ?? "2525";
const mailApiPort = process.env.E2E_MAIL_API_PORT ?? "2526";
/** E2E_BASE_URL runs the specs against a server already running (e.g. a dev server). */
const external = process.env.E2E_BASE_URL;
export const baseURL = external ?? `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The data folder of the e2e server (its embedded PostgreSQL lives in postgres/). */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `insieme-e2e-${process.pid}`);
const dataDir = e2eDataDir;

const launchOptions = {
  executablePath: chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  // CI machines run the whole suite on two busy cores: the same steps get more time, never a retry.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: { baseURL, locale: "it-IT", trace: "off", launchOptions },
  projects: [
    // Each project is its own visitor (the server trusts one proxy hop, as behind nginx): per-address rate
    // limits such as the contact form's 5 per 10 minutes count the two projects' runs apart.
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.1" } } },
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.2" } } },
  ],
  webServer: external
    ? undefined
    : [
        {
          command: "node tests/e2e/support/mail-server.mjs",
          url: `http://127.0.0.1:${mailApiPort}/health`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: "node server.mjs",
          url: `${baseURL}/healthz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "ignore",
          stderr: "pipe",
          env: {
            ...serverEnv,
            PORT: String(port),
            HOST: "127.0.0.1",
            TRUST_PROXY: "1",
            DATA_DIR: dataDir,
            LOG_LEVEL: "warn",
            SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
            PUBLIC_URL: baseURL,
          },
        },
      ],
});
