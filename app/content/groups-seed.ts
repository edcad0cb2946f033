import groups from "./seed/groups.json" with { type: "json" };
import { groupsFile, parseSeedData } from "./seed-schemas";

/**
 * Four demo groups for seeding, from seed/groups.json (decision 091). therapistIndex refers to
 * therapistSeeds in therapists-seed.ts. "Ritmi propri" is full (8 of 8 confirmed participants).
 */
export const groupSeeds = parseSeedData(groupsFile, groups, "app/content/seed/groups.json");
