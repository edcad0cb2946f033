import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as submitQuestionnaire } from "../../app/routes/api/submit-questionnaire";
import { readAnswers, resetKeysForTests } from "../../app/server/crypto.server";
import { questionnaireResponses } from "../../app/server/db/schema";
import { reencryptAll } from "../../app/server/key-rotation.server";
import { testDatabase } from "./database";
import { freshDataDirAndKey, postJson, rotateDataKey, validAnswers } from "./helpers";

/** Set when the file loads, before any test: the key the first rows are sealed with. */
const firstKey = freshDataDirAndKey("insieme-privacy-");

describe("health data at rest", () => {
  it("stores questionnaire answers encrypted; staff read them decrypted", async () => {
    const db = await testDatabase();
    const summary = "Mi sento sola da quando mi sono trasferita a Torino.";
    const result = await postJson(submitQuestionnaire, db, { ...validAnswers, email: "cifrata@example.com", current_situation_summary: summary });
    expect(result.status).toBe(201);
    const raw = await db.execute<{ answers: string }>(sql`select answers::text as answers from internal_questionnaire_responses where email = 'cifrata@example.com'`);
    expect(raw.rows[0]!.answers).not.toContain("Torino");
    expect(raw.rows[0]!.answers).not.toContain("Ogni giorno");
    const [row] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "cifrata@example.com"));
    expect(readAnswers(row!.answers)).toMatchObject({ current_situation_summary: summary, difficulty_frequency: "Ogni giorno" });
  });

  it("re-encrypts everything with a new key; the old key is then no longer needed", async () => {
    const db = await testDatabase();
    await postJson(submitQuestionnaire, db, { ...validAnswers, email: "ruota@example.com" });
    expect(await rotateDataKey(db, firstKey)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(questionnaireResponses).where(eq(questionnaireResponses.email, "ruota@example.com"));
    expect(readAnswers(row!.answers)).toMatchObject({ time_preference: "Sera" });
    expect(await reencryptAll(db)).toBe(0);
    delete process.env.DATA_ENCRYPTION_KEY;
    resetKeysForTests();
  });
});
