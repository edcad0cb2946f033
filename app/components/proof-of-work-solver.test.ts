import { createHash } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey as altchaDeriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { deriveKey, encodeSolution, sha256, solveChallenge, type ProofOfWorkChallenge } from "./proof-of-work-solver";

const secrets = { hmacSignatureSecret: "a-test-signature-secret-of-some-length", hmacKeySignatureSecret: "a-test-key-secret-of-some-length" };

/** A challenge made the way proof-of-work.server.ts makes them (deterministic SHA-256, cost 1). */
async function serverChallenge(counter: number) {
  return createChallenge({ algorithm: "SHA-256", cost: 1, counter, deriveKey: altchaDeriveKey, expiresAt: new Date(Date.now() + 600_000), ...secrets });
}

describe("proof-of-work solver", () => {
  it("hashes like node's SHA-256 across block boundaries", () => {
    for (const length of [0, 1, 36, 55, 56, 63, 64, 65, 119, 200]) {
      const message = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 255);
      expect(Buffer.from(sha256(message)).toString("hex"), `${length} bytes`).toBe(createHash("sha256").update(message).digest("hex"));
    }
  });

  it("derives the key altcha-lib derives, also with several rounds", async () => {
    const parameters = { algorithm: "SHA-256", nonce: "00112233445566778899aabbccddeeff", salt: "ffeeddccbbaa99887766554433221100", cost: 3, keyLength: 32, keyPrefix: "00" };
    const password = new Uint8Array([...Buffer.from(parameters.nonce, "hex"), 0, 0, 0x30, 0x39]);
    const expected = await altchaDeriveKey(parameters, Buffer.from(parameters.salt, "hex"), password);
    expect(Buffer.from(deriveKey({ parameters }, 12345)).toString("hex")).toBe(Buffer.from(expected.derivedKey).toString("hex"));
  });

  it("finds the server's counter, and the server accepts the encoded solution", async () => {
    const counter = randomInt(5000);
    const challenge = await serverChallenge(counter);
    const solution = await solveChallenge(challenge as ProofOfWorkChallenge);
    expect(solution?.counter).toBe(counter);
    const payload = JSON.parse(Buffer.from(encodeSolution(challenge as ProofOfWorkChallenge, solution!), "base64").toString("utf8"));
    const verdict = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey: altchaDeriveKey, ...secrets });
    expect(verdict.verified).toBe(true);
  });

  it("gives up past the largest counter and refuses other algorithms", async () => {
    const challenge = (await serverChallenge(900)) as ProofOfWorkChallenge;
    expect(await solveChallenge(challenge, 100)).toBeNull();
    expect(await solveChallenge({ ...challenge, parameters: { ...challenge.parameters, algorithm: "SHA-512" } })).toBeNull();
  });
});
