// npm run keys:rotate
// Set DATA_ENCRYPTION_KEY to the NEW key and DATA_ENCRYPTION_KEYS_PREVIOUS to the old one(s), then run this:
// every questionnaire answer and clinical note is re-encrypted with the new key; afterwards the old key can be dropped.
import { reencryptAll } from "../app/server/key-rotation.server";
import { withMigratedDatabase } from "./with-database";

await withMigratedDatabase(async (db) => {
  const count = await reencryptAll(db);
  console.log(`Re-encrypted ${count} questionnaire responses and clinical notes with the current key.`);
});
