import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Chiara Bellini")).toBe("CB");
    expect(initialsOf("  maria grazia de luca ")).toBe("ML");
    expect(initialsOf("Élodie Ørsted")).toBe("ÉØ");
  });

  it("keeps one letter for a single name and none for a blank one", () => {
    expect(initialsOf("Elena")).toBe("E");
    expect(initialsOf("   ")).toBe("");
  });

  it("skips words that do not start with a letter", () => {
    expect(initialsOf("Luca Ferraro (sostituto)")).toBe("LF");
    expect(initialsOf("Davide Conti - 2")).toBe("DC");
  });
});
