import therapists from "./seed/therapists.json" with { type: "json" };
import { parseSeedData, therapistsFile } from "./seed-schemas";

/**
 * Six demo therapists for seeding the database (fictional people and registration numbers), from
 * seed/therapists.json (decision 091). groups-seed.ts refers to them by index (0-5).
 */
export const therapistSeeds = parseSeedData(therapistsFile, therapists, "app/content/seed/therapists.json");
