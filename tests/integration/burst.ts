import { randomBytes } from "node:crypto";
import { validAnswers } from "./helpers";

/** What a client got back for one submission. */
export interface BurstAnswer {
  status: number;
  body: { id?: string; error?: string };
}

/**
 * The burst of public submissions the crash tests (crash.test.ts, outage.test.ts) send while
 * something is killed: every other one a questionnaire, the rest contact messages, each from an
 * e-mail address of its own and with its own Idempotency-Key (`keyPrefix` tells the tests apart).
 */
export function burstSubmissions(count: number, keyPrefix: string) {
  return Array.from({ length: count }, (_, index) => {
    const questionnaire = index % 2 === 0;
    const email = `${questionnaire ? "questionario" : "contatto"}-${index}@example.com`;
    return {
      kind: questionnaire ? ("questionnaire" as const) : ("contact" as const),
      path: questionnaire ? "/api/submit-questionnaire" : "/api/send-contact-email",
      email,
      key: `${keyPrefix}-${index}-${randomBytes(6).toString("hex")}`,
      body: questionnaire
        ? { ...validAnswers, name: `Persona ${index}`, email }
        : { name: `Persona ${index}`, email, subject: `Domanda numero ${index}`, message: "Vorrei sapere come funzionano i gruppi." },
    };
  });
}

/** `parallel` clients working through `items` in order, each taking the next one when done with its own. */
export async function inParallel<T>(parallel: number, items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
