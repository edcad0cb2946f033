import { describeDatabaseError, isDatabaseUnavailable, type Database } from "./db/client.server";
import { runDueJobs } from "./jobs.server";
import { serverBusy } from "./load.server";
import { logger } from "./logger.server";
import { deliverDueEmails, emailsQueued, onEmailQueued, type MailTransport } from "./mail/outbox.server";

interface Worker {
  stop(): Promise<void>;
}

/**
 * Runs `tick` every `intervalMs` (and on demand), one tick at a time; stop() waits for the tick
 * under way, so a shutdown never abandons a message between the SMTP answer and its "sent" mark.
 * A wake-up waits `gatherMs` first, so that a burst of wake-ups is one tick over all of them.
 */
function startLoop(name: string, tick: () => Promise<number>, intervalMs: number, wake?: (run: () => void) => () => void, gatherMs = 0): Worker {
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
  let gathering: NodeJS.Timeout | undefined;
  const woken = () => {
    if (gatherMs === 0) return run();
    gathering ??= setTimeout(() => {
      gathering = undefined;
      run();
    }, gatherMs);
  };
  const unsubscribe = wake?.(woken);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      unsubscribe?.();
      await running;
    },
  };
}

/**
 * Runs `tick` unless `busy()` says the server is answering many requests, but never waits more than
 * `maxWaitMs` between two runs: background work yields to people waiting for an answer, and still
 * moves on during a long burst.
 */
export function yieldToRequests(tick: () => Promise<number>, busy: () => boolean, maxWaitMs: number, now = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    if (busy() && now() - last < maxWaitMs) return 0;
    last = now();
    return tick();
  };
}

/** The longest an e-mail waits for a busy server to let the outbox worker run (then one batch goes). */
const OUTBOX_YIELD_MS = 2000;

/**
 * How long the outbox worker gathers wake-ups before it claims: under load (hundreds of
 * questionnaires a second) it claims and records a batch in two commits instead of two per
 * message, commits that would each wait for the disk beside the requests' own.
 */
const OUTBOX_GATHER_MS = 100;

export function startWorkers(db: Database, transport: MailTransport): Worker {
  const wake = (run: () => void) => {
    const off = onEmailQueued(run);
    return () => void off();
  };
  const deliver = yieldToRequests(() => deliverDueEmails(db, transport), serverBusy, OUTBOX_YIELD_MS);
  const outbox = startLoop("outbox", deliver, 2000, wake, OUTBOX_GATHER_MS);
  // Jobs queue e-mails (follow-ups, reminders): the outbox worker is woken after a tick that ran some.
  const jobs = startLoop(
    "jobs",
    async () => {
      const ran = await runDueJobs(db);
      if (ran > 0) emailsQueued();
      return ran;
    },
    5000,
  );
  return {
    async stop() {
      await Promise.all([outbox.stop(), jobs.stop()]);
      await transport.close?.();
    },
  };
}
