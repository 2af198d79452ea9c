import { randomBytes } from "node:crypto";
import fs, { createReadStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import {
  DamagedEncryptionError,
  decryptingStream,
  encryptingStream,
  ENCRYPTED_MAGIC,
  readEncryptionHeader,
  WrongPassphraseError,
} from "~/server/backup/archive-encryption.server";

// The encrypted archive's format (decision 150) with 64-byte chunks, so a small input spans many,
// and scrypt's lowest accepted cost (the header records it): each chunk authenticates on its own,
// and an archive cut anywhere, a chunk boundary included, does not read as complete. The
// integration tests run the whole backup and restore, at the real cost.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-encryption-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const passphrase = "a passphrase of some length";
const CHUNK = 64;

async function collect(streams: NodeJS.ReadableStream[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      callback();
    },
  });
  await pipeline([...streams, sink]);
  return Buffer.concat(parts);
}

async function decrypt(file: string, secret = passphrase): Promise<Buffer> {
  const header = await readEncryptionHeader(file);
  if (!header || header === "malformed") throw new Error(`no encryption header: ${String(header)}`);
  return collect([createReadStream(file, { start: header.dataStart }), await decryptingStream(secret, header)]);
}

describe("encrypted backup archives", async () => {
  // 10 full chunks and a part: the last chunk is the short one.
  const plain = randomBytes(CHUNK * 10 + 17);
  const sealed = await collect([
    Readable.from([plain]),
    await encryptingStream(passphrase, { chunkBytes: CHUNK, scryptN: 2 ** 10 }),
  ]);
  const file = (name: string, bytes: Buffer) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, bytes);
    return target;
  };

  it("start with the magic line and decrypt to what went in", async () => {
    expect(sealed.subarray(0, ENCRYPTED_MAGIC.length).toString()).toBe(ENCRYPTED_MAGIC);
    expect(sealed.includes(plain.subarray(0, 16))).toBe(false);
    expect(await decrypt(file("whole", sealed))).toEqual(plain);
  });

  it("refuse a wrong passphrase before any chunk is read", async () => {
    await expect(decrypt(file("whole", sealed), "another passphrase here")).rejects.toThrow(WrongPassphraseError);
  });

  it("refuse an archive cut at a chunk boundary, or with one byte changed", async () => {
    // The last full chunk, its tag included, ends here: without what follows it is not a last chunk.
    const boundary = sealed.length - (17 + 16);
    await expect(decrypt(file("cut", sealed.subarray(0, boundary)))).rejects.toThrow(DamagedEncryptionError);
    const changed = Buffer.from(sealed);
    changed[changed.length - 200]! ^= 1;
    await expect(decrypt(file("changed", changed))).rejects.toThrow(DamagedEncryptionError);
  });
});
