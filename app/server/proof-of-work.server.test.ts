import { createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { solveProofOfWork } from "../../tests/support/proof-of-work.mjs";
import { canonicalJson, checkSolution, type SolvedChallenge } from "./proof-of-work.server";

const secrets = { signature: "a-test-signature-secret-of-some-length", key: "a-test-key-secret-of-some-length" };

async function solved(expiresInMs = 600_000): Promise<SolvedChallenge> {
  const challenge = await createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: 300,
    deriveKey,
    expiresAt: new Date(Date.now() + expiresInMs),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
  return JSON.parse(Buffer.from(await solveProofOfWork(challenge), "base64").toString("utf8"));
}

/** What altcha-lib itself says of the same solution. */
async function libraryVerdict({ challenge, solution }: SolvedChallenge) {
  const verdict = await verifySolution({ challenge, solution: { ...solution, time: 0 }, deriveKey, hmacSignatureSecret: secrets.signature, hmacKeySignatureSecret: secrets.key });
  return verdict.verified;
}

describe("the anti-spam check", () => {
  it("sorts keys at every level and leaves undefined members out, as the signature expects", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"z":1,"y":2}]},"b":1}');
  });

  it("gives altcha-lib's verdict on a good solution and on every kind of bad one", async () => {
    const good = await solved();
    const cases: [string, SolvedChallenge, boolean][] = [
      ["correct", good, true],
      ["parameters changed", { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, keyPrefix: "00" } } }, false],
      ["signature of another secret", { ...good, challenge: { ...good.challenge, signature: "ab".repeat(32) } }, false],
      ["another derived key", { ...good, solution: { ...good.solution, derivedKey: `${good.solution.derivedKey.slice(0, -2)}00` } }, false],
      ["derived key not hex", { ...good, solution: { ...good.solution, derivedKey: "zz" } }, false],
      ["counter not a whole number", { ...good, solution: { ...good.solution, counter: 1.5 } }, false],
      ["expired", await solved(-1000), false],
    ];
    for (const [name, solution, expected] of cases) {
      expect(checkSolution(solution, secrets), name).toBe(expected);
      expect(await libraryVerdict(solution), `${name} (altcha-lib)`).toBe(expected);
    }
    expect(checkSolution(good, { ...secrets, key: "another-key-secret-of-some-length" })).toBe(false);
  });
});
