import type { Database } from "./client.server";
import { ensureDemoAdmin } from "./demo-admin.server";
import { seedDemoCallOutcomes } from "./seed-call-outcomes.server";
import { seedDemoCareNotes } from "./seed-care-notes.server";
import { seedDemoIntakeCalls } from "./seed-intake-calls.server";
import { seedDemoOutcomes } from "./seed-outcomes.server";
import { ensureDemoTherapist, seedDemoSessions } from "./seed-sessions.server";
import { seedDemoContent } from "./seed.server";

/**
 * The demo site (SEED_DEMO=true), each part after the ones it needs: the content, the staff account,
 * the meetings, the therapist's account, the intake calls, the care notes, the outcome questionnaires
 * and the calls' outcomes. Every step is idempotent, so a restart seeds nothing twice. Imported only
 * by `startPlatform` when seeding, so a production start never reads the demo texts and images.
 */
export async function seedDemo(db: Database, dataDir: string) {
  await seedDemoContent(db, dataDir);
  const steps = [ensureDemoAdmin, seedDemoSessions, ensureDemoTherapist, seedDemoIntakeCalls, seedDemoCareNotes, seedDemoOutcomes, seedDemoCallOutcomes];
  for (const step of steps) await step(db);
}
