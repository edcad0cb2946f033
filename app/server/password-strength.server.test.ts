import { describe, expect, it } from "vitest";
import { passwordMessages } from "~/domain/password";
import { passwordProblem } from "./password-strength.server";

describe("passwordProblem", () => {
  it("refuses passwords shorter than 12 characters, however random", async () => {
    expect(await passwordProblem("aaaaaaaaaa")).toBe(passwordMessages.tooShort);
    expect(await passwordProblem("Xq7#pL2!vR9")).toBe(passwordMessages.tooShort);
  });

  it("refuses long but guessable passwords with an Italian explanation", async () => {
    for (const weak of ["password1234", "aaaaaaaaaaaa", "buongiorno2024", "qwertyuiop12", "123456789012"]) {
      const problem = await passwordProblem(weak);
      expect(problem, weak).toMatch(new RegExp(`^${passwordMessages.tooWeak}`));
      expect(problem, weak).toContain(passwordMessages.advice);
    }
  });

  it("counts the account's own e-mail address and the brand as known words", async () => {
    expect(await passwordProblem("mario.rossi@example.com", ["mario.rossi@example.com"])).not.toBeNull();
    expect(await passwordProblem("insieme12345")).not.toBeNull();
  });

  it("accepts a passphrase of unrelated words and a long random string", async () => {
    expect(await passwordProblem("cavallo-batteria-graffetta")).toBeNull();
    expect(await passwordProblem("Vq7rT2xL9wKp")).toBeNull();
  });

  it("refuses more than 128 characters", async () => {
    expect(await passwordProblem("x".repeat(129))).toBe(passwordMessages.tooLong);
  });
});
