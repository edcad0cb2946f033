import type { Database } from "~/server/db/client.server";

declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    cspNonce: string;
    /**
     * Replaces the response's nonce CSP with one allowing these inline-script hashes (a shared
     * document, see entry.server.tsx). Set by the Express server; absent in tests calling loaders.
     */
    useScriptHashes?: (hashes: readonly string[]) => void;
    clientIp: string;
  }
}

export {};
