import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeKey, localStorage, s3Storage, type Storage } from "../../app/server/storage.server";

let s3: S3rver;
let endpoint = "";
const root = fs.mkdtempSync(path.join(os.tmpdir(), "insieme-storage-"));

beforeAll(async () => {
  s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(root, "s3"), configureBuckets: [{ name: "insieme" }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const backends: [string, () => Storage][] = [
  ["local folder", () => localStorage(path.join(root, "local"))],
  ["S3-compatible (the S3 REST API of s3rver)", () => s3Storage({ endpoint, bucket: "insieme", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" })],
];

describe.each(backends)("storage: %s", (_name, make) => {
  it("stores, reads, checks and removes an object", async () => {
    const store = make();
    const body = Buffer.from("%PDF-1.4 test");
    await store.put("documents", "privacy-policy.pdf", body, "application/pdf");
    expect(await store.exists("documents", "privacy-policy.pdf")).toBe(true);
    const read = await store.get("documents", "privacy-policy.pdf");
    expect(read?.body.equals(body)).toBe(true);
    expect(read?.contentType).toBe("application/pdf");
    await store.put("documents", "privacy-policy.pdf", Buffer.from("%PDF-1.4 v2"), "application/pdf");
    expect((await store.get("documents", "privacy-policy.pdf"))?.body.toString()).toBe("%PDF-1.4 v2");
    await store.remove("documents", "privacy-policy.pdf");
    expect(await store.exists("documents", "privacy-policy.pdf")).toBe(false);
    expect(await store.get("documents", "privacy-policy.pdf")).toBeUndefined();
  });

  it("never reads or writes outside its bucket", async () => {
    const store = make();
    expect(await store.get("documents", "../../etc/passwd")).toBeUndefined();
    await expect(store.put("documents", "../escape.pdf", Buffer.from("x"), "application/pdf")).rejects.toThrow(/Unsafe/);
  });
});

describe("storage keys", () => {
  it("accepts generated keys and refuses traversal, absolute and empty segments", () => {
    expect(isSafeKey("therapists/1700000000-ab12_w640.webp")).toBe(true);
    for (const bad of ["../x", "a/../b", "/abs", "a//b", "a/./b", "", "a\\b", "a b"]) expect(isSafeKey(bad)).toBe(false);
  });
});
