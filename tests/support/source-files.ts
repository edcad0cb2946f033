import { readdirSync } from "node:fs";
import path from "node:path";

/** Every source file of the app under `dir` (pages, e-mails, messages, content and its JSON data), tests left out: what the guard tests read. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:tsx?|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
