import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Readable, Writable } from "node:stream";
import { once } from "node:events";

/**
 * The backup archive (decision 068): a magic line, a 32-byte salt, then frames of at most 1 MiB of
 * plaintext, each sealed with AES-256-GCM under a key derived (HKDF-SHA256) from BACKUP_ENCRYPTION_KEY and
 * the salt, a counter as nonce and "more"/"last" as associated data: every frame is authenticated before
 * a byte of it is used, and a truncated or reordered archive is refused.
 *
 * After the salt, 16 bytes of HMAC of a fixed text under the derived key tell a wrong key from a damaged file.
 * Inside, a sequence of entries: a 4-byte length, a JSON header, then `header.size` bytes of body.
 */
const MAGIC = Buffer.from("INSIEME-BACKUP-1\n");
const FRAME = 1024 * 1024;
const TAG = 16;

export interface EntryHeader {
  kind: "meta" | "rows" | "file" | "secret" | "manifest";
  name: string;
  size: number;
  [field: string]: unknown;
}

function frameKey(secret: string, salt: Buffer) {
  if (secret.trim().length < 32) throw new Error("BACKUP_ENCRYPTION_KEY must be at least 32 characters (generate one with `openssl rand -base64 32`)");
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret.trim()), salt, "insieme-backup-v1", 32));
}

const keyCheck = (key: Buffer) => createHmac("sha256", key).update("insieme-backup-key-check").digest().subarray(0, 16);

const nonce = (counter: number) => {
  const value = Buffer.alloc(12);
  value.writeUIntBE(counter, 6, 6);
  return value;
};

/** Writes entries into an encrypted archive on `out`; `close()` seals the last frame. */
export function archiveWriter(out: Writable, secret: string) {
  const salt = randomBytes(32);
  const key = frameKey(secret, salt);
  let counter = 0;
  let pending: Buffer[] = [];
  let pendingSize = 0;
  let written = 0;

  const write = async (chunk: Buffer) => {
    written += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  };
  const seal = async (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", key, nonce(counter++));
    cipher.setAAD(Buffer.from(last ? "last" : "more"));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    await write(Buffer.concat([length, body, cipher.getAuthTag()]));
  };
  const push = async (chunk: Buffer) => {
    pending.push(chunk);
    pendingSize += chunk.length;
    while (pendingSize > FRAME) {
      const all = Buffer.concat(pending);
      await seal(all.subarray(0, FRAME), false);
      pending = [all.subarray(FRAME)];
      pendingSize = pending[0]!.length;
    }
  };
  const ready = write(Buffer.concat([MAGIC, salt, keyCheck(key)]));

  return {
    async entry(header: Omit<EntryHeader, "size">, body: Buffer) {
      await ready;
      const json = Buffer.from(JSON.stringify({ ...header, size: body.length }));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(json.length);
      await push(Buffer.concat([length, json]));
      await push(body);
    },
    async close() {
      await ready;
      await seal(Buffer.concat(pending), true);
      pending = [];
      out.end();
      await once(out, "finish");
      return written;
    },
  };
}

/** Reads exactly n bytes at a time from a stream of chunks. */
function byteReader(chunks: AsyncIterator<Buffer>) {
  let buffer: Buffer = Buffer.alloc(0);
  let done = false;
  const fill = async (n: number) => {
    while (buffer.length < n && !done) {
      const next = await chunks.next();
      if (next.done) done = true;
      else buffer = buffer.length ? Buffer.concat([buffer, next.value]) : next.value;
    }
  };
  return {
    async read(n: number): Promise<Buffer | undefined> {
      await fill(n);
      if (buffer.length === 0 && done) return undefined;
      if (buffer.length < n) throw new Error("The backup file is truncated");
      const value = buffer.subarray(0, n);
      buffer = buffer.subarray(n);
      return value;
    },
  };
}

async function* decryptedFrames(input: Readable, secret: string): AsyncGenerator<Buffer> {
  const reader = byteReader(input[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const magic = await reader.read(MAGIC.length);
  if (!magic?.equals(MAGIC)) throw new Error("This file is not an Insieme backup (npm run backup writes them)");
  const key = frameKey(secret, (await reader.read(32)) ?? Buffer.alloc(32));
  const check = await reader.read(16);
  if (!check || !timingSafeEqual(check, keyCheck(key))) throw new Error("Cannot decrypt the backup: wrong BACKUP_ENCRYPTION_KEY (use the key the backup was made with)");
  let counter = 0;
  for (;;) {
    const length = await reader.read(4);
    if (!length) throw new Error("The backup file is truncated (its last part is missing)");
    const body = await reader.read(length.readUInt32BE() + TAG);
    if (!body) throw new Error("The backup file is truncated");
    const sealed = body.subarray(0, body.length - TAG);
    const tag = body.subarray(body.length - TAG);
    const open = (aad: string) => {
      const decipher = createDecipheriv("aes-256-gcm", key, nonce(counter));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]);
    };
    let plain: Buffer;
    let last = false;
    try {
      plain = open("more");
    } catch {
      try {
        plain = open("last");
        last = true;
      } catch {
        throw new Error(`The backup file is damaged (part ${counter + 1} fails its integrity check)`);
      }
    }
    counter++;
    yield plain;
    if (last) {
      if (await reader.read(1)) throw new Error("The backup file has unexpected bytes after its end");
      return;
    }
  }
}

/** The entries of an encrypted archive, in order, each authenticated before it is returned. */
export async function* archiveEntries(input: Readable, secret: string): AsyncGenerator<{ header: EntryHeader; body: Buffer }> {
  const reader = byteReader(decryptedFrames(input, secret));
  for (;;) {
    const length = await reader.read(4);
    if (!length) return;
    const header = JSON.parse((await reader.read(length.readUInt32BE()))!.toString()) as EntryHeader;
    const body = header.size ? await reader.read(header.size) : Buffer.alloc(0);
    if (!body) throw new Error("The backup file is truncated");
    yield { header, body };
  }
}
