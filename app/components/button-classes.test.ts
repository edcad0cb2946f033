import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";

/** A written-out class list that names a button's colours (`btn-primary`, `btn-secondary`). */
const colouredButton = /className="([^"]*\bbtn-(?:primary|secondary)\b[^"]*)"/g;

describe("the site's buttons (app.css `btn` utilities)", () => {
  it("every button coloured btn-primary or btn-secondary also has `btn` (shape, padding, height): none looks unstyled", () => {
    const found = sourceFiles(path.resolve(__dirname, "..")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(colouredButton)]
        .filter((match) => !match[1]!.split(/\s+/).includes("btn"))
        .map((match) => `${path.relative(process.cwd(), file)}: ${match[1]}`),
    );
    expect(found).toEqual([]);
  });
});
