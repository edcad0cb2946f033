import { describe, expect, it } from "vitest";
import { bicSchema, fiscalProfileSchema, issuedInvoicesText, postalCodeSchema, provinceSchema } from "./fiscal-forms";

describe("the fiscal forms' fields", () => {
  it("takes a CAP of five digits and a provincia's sigla, stored in capitals", () => {
    expect(postalCodeSchema.parse(" 00184 ")).toBe("00184");
    expect(postalCodeSchema.safeParse("0018").success).toBe(false);
    expect(provinceSchema.parse(" rm")).toBe("RM");
    expect(provinceSchema.safeParse("Roma").error?.issues[0]?.message).toBe("Scrivi la sigla della provincia: due lettere, per esempio RM (EE per un indirizzo all'estero).");
  });

  it("takes an optional BIC of 8 or 11 characters, spaces dropped, and nothing as null", () => {
    expect(bicSchema.parse(undefined)).toBeNull();
    expect(bicSchema.parse("bppi it rr xxx")).toBe("BPPIITRRXXX");
    expect(bicSchema.parse("BPPIITRR")).toBe("BPPIITRR");
    expect(bicSchema.safeParse("BPPIITR").success).toBe(false);
  });

  it("reads the opposition's checkbox as ticked only when sent", () => {
    const fields = {
      first_name: "Giulia",
      last_name: "Rossi",
      address_line: "Via Verdi 2",
      postal_code: "20100",
      city: "Milano",
      province: "MI",
      codice_fiscale: "RSSGLI90A41H501Y",
    };
    expect(fiscalProfileSchema.parse(fields).ts_opposition).toBe(false);
    expect(fiscalProfileSchema.parse({ ...fields, ts_opposition: "on" }).ts_opposition).toBe(true);
  });

  it("counts the invoices a save issued", () => {
    expect(issuedInvoicesText(1)).toBe("1 fattura emessa");
    expect(issuedInvoicesText(2)).toBe("2 fatture emesse");
  });
});
