import { sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { currentKeyId, isSealed, seal, unseal } from "./crypto.server";
import { reencryptCareNotes } from "./services/care-notes.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Re-encrypts a batch of questionnaire answer documents not sealed with the current key (old rows may be plain JSON). */
async function reencryptQuestionnaireAnswers(tx: Tx, current: string, batchSize: number) {
  const rows = await tx.execute<{ id: string; answers: unknown }>(sql`
    select id, answers from internal_questionnaire_responses
    where coalesce(answers->>'kid', '') <> ${current}
    order by id limit ${batchSize} for update skip locked`);
  for (const row of rows.rows) {
    const plain = isSealed(row.answers) ? unseal(row.answers) : row.answers;
    await tx.execute(sql`update internal_questionnaire_responses set answers = ${JSON.stringify(seal(plain))}::jsonb where id = ${row.id}`);
  }
  return rows.rows.length;
}

/** Re-encrypts a batch of outcome-measure answers (drafts and final, always sealed) not sealed with the current key. */
async function reencryptOutcomeAnswers(tx: Tx, current: string, batchSize: number) {
  const rows = await tx.execute<{ id: string; answers: unknown }>(sql`
    select id, answers from outcome_administrations
    where answers is not null and coalesce(answers->>'kid', '') <> ${current}
    order by id limit ${batchSize} for update skip locked`);
  for (const row of rows.rows)
    await tx.execute(sql`update outcome_administrations set answers = ${JSON.stringify(seal(unseal(row.answers as never)))}::jsonb where id = ${row.id}`);
  return rows.rows.length;
}

/**
 * Re-encrypts every questionnaire answer document, outcome-measure answer, clinical note and addendum
 * not sealed with the current key, in batches of one transaction each. Returns how many.
 */
export async function reencryptAll(db: Database, batchSize = 200): Promise<number> {
  let total = 0;
  const current = currentKeyId();
  for (const step of [reencryptQuestionnaireAnswers, reencryptOutcomeAnswers, reencryptCareNotes]) {
    for (;;) {
      const changed = await db.transaction((tx) => step(tx, current, batchSize));
      total += changed;
      if (changed === 0) break;
    }
  }
  return total;
}
