import type { Database } from "~/server/db/client.server";

declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    cspNonce: string;
    clientIp: string;
  }
}

export {};
