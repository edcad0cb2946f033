import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../tests/support/source-files";

/** The masculine forms that address the person reading ("sei stato tu", "ti sei iscritto"...), as the walks found them. */
const addressingThePerson = /\b(?:sei|ti sei|siete)(?: già| ancora)? (?:stat|iscritt|entrat|registrat|contattat)[oa]\b|\bessere contattat[oa]\b|\bcon cui sei entrat[oa]\b/gi;

describe("the site's inclusive Italian (schwa, as 'Non sei solə')", () => {
  it("addresses the person without a masculine or feminine ending, in pages and e-mails alike", () => {
    const found = sourceFiles(path.resolve(__dirname, "..")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(addressingThePerson)].map((match) => `${path.relative(process.cwd(), file)}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });
});
