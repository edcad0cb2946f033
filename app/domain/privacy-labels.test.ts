import { describe, expect, it } from "vitest";
import { erasureMoneyWarning } from "./privacy-labels";

describe("the erasure's confirmation", () => {
  it("warns of an amount still owed and of a credit to give back, in euro with the booking's name", () => {
    expect(
      erasureMoneyWarning([
        { bookingId: "a", name: "Anna · Gruppo Sera", owedCents: 106_500 },
        { bookingId: "b", name: "Anna · Gruppo Mattina", owedCents: -3500 },
      ]),
    ).toBe(
      "Attenzione: questa persona ha ancora da pagare 1.065,00\u00a0€ (Anna · Gruppo Sera) e ha un credito da restituire di 35,00\u00a0€ (Anna · Gruppo Mattina). Dopo la cancellazione il saldo non si potrà più ricostruire: sistemalo prima, o annota come è stato chiuso.",
    );
  });

  it("says nothing more when every account is settled", () => {
    expect(erasureMoneyWarning([])).toBeNull();
  });
});
