import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const app = fileURLToPath(new URL("./app", import.meta.url));

export default defineConfig({
  resolve: { alias: { "~": app } },
  test: {
    projects: [
      {
        resolve: { alias: { "~": app } },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        resolve: { alias: { "~": app } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup-file.ts"],
          // An easy anti-spam proof of work, so the helpers solve one per request in about a millisecond.
          env: { ALTCHA_MAX_NUMBER: "1000" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
