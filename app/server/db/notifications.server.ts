import pg from "pg";
import { logger } from "../logger.server";
import { CONNECT_TIMEOUT_MS, endWithin } from "./client.server";

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 4000;

/**
 * LISTENs to PostgreSQL NOTIFY channels (public pages changed by a write on any instance), on a
 * connection of its own (a pooled one would be handed to queries); a handler gets each
 * notification's payload. When the connection is lost (PostgreSQL restarted, network) it connects
 * again with back-off; each handler also runs once the connection is made, without a payload, for
 * what was sent meanwhile.
 */
export function listenForNotifications(databaseUrl: string, handlers: Record<string, (payload?: string) => void>) {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  const again = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };
  const connect = async () => {
    const candidate = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    candidate.on("notification", (message) => handlers[message.channel]?.(message.payload));
    candidate.on("error", (error: Error & { code?: string }) => logger.warn({ code: error.code, reason: error.message }, "notifications: LISTEN connection lost"));
    candidate.on("end", () => {
      if (client !== candidate) return;
      client = undefined;
      again();
    });
    try {
      await candidate.connect();
      for (const channel of Object.keys(handlers)) await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await endWithin(candidate));
      client = candidate;
      delay = RECONNECT_FIRST_MS;
      for (const handler of Object.values(handlers)) handler();
    } catch {
      void endWithin(candidate);
      again();
    }
  };
  void connect();
  return {
    /** True while the LISTEN connection is up (tests wait for it). */
    listening: () => client !== undefined,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) await endWithin(current);
    },
  };
}
