import { sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { currentKeyId, isSealed, seal, unseal } from "./crypto.server";
import { reencryptCareNotes } from "./services/care-notes.server";

/** Re-encrypts every questionnaire answer document, clinical note and addendum not sealed with the current key. Returns how many. */
export async function reencryptAll(db: Database, batchSize = 200): Promise<number> {
  let total = 0;
  const current = currentKeyId();
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx.execute<{ id: string; answers: unknown }>(sql`
        select id, answers from internal_questionnaire_responses
        where coalesce(answers->>'kid', '') <> ${current}
        order by id limit ${batchSize} for update skip locked`);
      for (const row of rows.rows) {
        const plain = isSealed(row.answers) ? unseal(row.answers) : row.answers;
        await tx.execute(sql`update internal_questionnaire_responses set answers = ${JSON.stringify(seal(plain))}::jsonb where id = ${row.id}`);
      }
      return rows.rows.length;
    });
    total += changed;
    if (changed < batchSize) break;
  }
  for (;;) {
    const changed = await db.transaction((tx) => reencryptCareNotes(tx, current, batchSize));
    total += changed;
    if (changed === 0) return total;
  }
}
