// npm run keys:rotate
// Set DATA_ENCRYPTION_KEY to the NEW key and DATA_ENCRYPTION_KEYS_PREVIOUS to the old one(s), then run this:
// every questionnaire answer and clinical note is re-encrypted with the new key; afterwards the old key can be dropped.
import "../app/server/polyfills.server";
import { reencryptAll } from "../app/server/key-rotation.server";
import { runCommand, withMigratedDatabase } from "./with-database";

await runCommand("keys:rotate", async () => {
  console.log("Re-encrypting questionnaire answers and clinical notes with the current DATA_ENCRYPTION_KEY...");
  await withMigratedDatabase(async (db) => {
    const count = await reencryptAll(db);
    console.log(`Re-encrypted ${count} questionnaire responses and clinical notes with the current key.`);
  });
});
