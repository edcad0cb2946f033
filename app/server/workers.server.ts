import { describeDatabaseError, isDatabaseUnavailable, type Database } from "./db/client.server";
import { runDueJobs } from "./jobs.server";
import { logger } from "./logger.server";
import { deliverDueEmails, onEmailQueued, type MailTransport } from "./mail/outbox.server";

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` (and on demand), one tick at a time; stop() waits for the tick
 * under way, so a shutdown never abandons a message between the SMTP answer and its "sent" mark.
 */
export function startLoop(name: string, tick: () => Promise<number>, intervalMs: number, wake?: (run: () => void) => () => void): Worker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let waitingForDatabase = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // Keep going while there is work: a backlog drains without waiting for the interval.
        while (!stopped && (await tick()) > 0);
        if (waitingForDatabase) logger.info({ worker: name }, "database reachable again: worker resumed");
        waitingForDatabase = false;
      } catch (error) {
        // An outage is said once, not at every tick; the next ticks simply try again.
        if (isDatabaseUnavailable(error)) {
          if (!waitingForDatabase) logger.warn({ worker: name, err: describeDatabaseError(error) }, "database unreachable: worker waits for it");
          waitingForDatabase = true;
        } else {
          logger.error({ err: error, worker: name }, "worker tick failed");
        }
      } finally {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      }
    })();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const unsubscribe = wake?.(run);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}

export function startWorkers(db: Database, transport: MailTransport): Worker {
  const outbox = startLoop("outbox", () => deliverDueEmails(db, transport), 2000, (run) => {
    const off = onEmailQueued(run);
    return () => void off();
  });
  const jobs = startLoop("jobs", () => runDueJobs(db), 5000);
  return {
    async stop() {
      await Promise.all([outbox.stop(), jobs.stop()]);
      transport.close?.();
    },
  };
}
