import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "node_modules/", "data/", ".react-router/", "screenshots/", "test-results/", "playwright-report/", "bench/.tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    // Resolves `~/…` (tsconfig paths) and `./+types/…` (rootDirs) as TypeScript does.
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // A type-only import is erased at build time and never makes a cycle; packages cannot import us back.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // The layers of README "Where things live", by resolved path: `~/server/x` and `../server/x` alike.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/components", from: "./app/server", message: "Components run in the browser: pass server data through a loader." },
            { target: "./app/domain", from: "./app/server", message: "domain/ is pure logic shared with the browser." },
            { target: "./app/server", from: "./app/components", message: "Server code does not render the site's components." },
          ],
        },
      ],
    },
  },
  {
    // Queries live in app/server (services take the database as their first argument); scripts, tests,
    // the Express server, the bench and drizzle.config.ts are outside app/ and may use drizzle-orm.
    files: ["app/**"],
    ignores: ["app/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["drizzle-orm", "drizzle-orm/*"], message: "Only app/server queries the database: call a function of app/server/services." }] },
      ],
    },
  },
  {
    // Services are the rules and the writes: they answer with values or throw HttpError; what a page
    // renders or answers (React, React Router's data/redirect, Conform's replies) is the route's or app/server/http's.
    files: ["app/server/services/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-dom", "react-dom/*", "react-router", "@conform-to/*"],
              message: "Services do not render or answer requests: return values, throw HttpError; see app/server/http.",
            },
          ],
        },
      ],
    },
  },
);
