import { createCipheriv, createDecipheriv, randomBytes, scrypt, type CipherGCM, type DecipherGCM } from "node:crypto";
import fs from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";

/**
 * An encrypted backup archive (decision 150): the .tar.gz, encrypted with a key derived from
 * BACKUP_PASSPHRASE, in chunks that are each authenticated before any of their bytes is used.
 *
 *   AITLAS-ENCRYPTED-BACKUP 1\n   the magic line, so an encrypted archive is recognised
 *   {"kdf":"scrypt",...}\n        the parameters: scrypt's cost and salt, the cipher, the chunk size, the nonce prefix
 *   16 bytes                      the passphrase check: an AES-256-GCM tag over the two lines above
 *   chunks                        AES-256-GCM ciphertext of chunkBytes (the last: 0 to chunkBytes) + a 16-byte tag
 *
 * The key is scrypt(passphrase, salt). Chunk i's nonce is the 7-byte prefix, i (4 bytes, big
 * endian) and a byte that is 1 on the last chunk only, so chunks cannot be reordered, and an
 * archive cut at any point, a chunk boundary included, fails its last tag. Every tag covers the
 * header lines too (additional data), so the parameters cannot be changed either.
 */

export const ENCRYPTED_MAGIC = "AITLAS-ENCRYPTED-BACKUP 1\n";
/** Read from an archive's start to find and parse its header. */
const HEADER_LIMIT = 4096;
const TAG_BYTES = 16;
const DEFAULT_CHUNK_BYTES = 64 * 1024;
/** scrypt's cost for new archives: 2^17 x 8 x 128 bytes = 128 MiB of memory, about 0.3 s. */
const DEFAULT_SCRYPT = { N: 2 ** 17, r: 8, p: 1 };
const CHECK_NONCE_COUNTER = 0xffffffff;

type EncryptionParams = {
  kdf: "scrypt";
  N: number;
  r: number;
  p: number;
  salt: string;
  cipher: "aes-256-gcm";
  chunkBytes: number;
  nonce: string;
};

/** The passphrase does not open the archive's header: it is not the one the archive was made with. */
export class WrongPassphraseError extends Error {}

/** An encrypted archive whose chunks do not authenticate: damaged or cut short. */
export class DamagedEncryptionError extends Error {}

function nonceFor(prefix: Buffer, counter: number, flag: 0 | 1 | 2): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 7);
  nonce.writeUInt32BE(counter, 7);
  nonce[11] = flag;
  return nonce;
}

function deriveKey(passphrase: string, params: EncryptionParams): Promise<Buffer> {
  const { N, r, p } = params;
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize("NFC"),
      Buffer.from(params.salt, "base64"),
      32,
      { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** The tag that tells a right passphrase from a wrong one before any chunk is read. */
function checkTag(key: Buffer, header: Buffer, prefix: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-gcm", key, nonceFor(prefix, CHECK_NONCE_COUNTER, 2)) as CipherGCM;
  cipher.setAAD(header);
  cipher.final();
  return cipher.getAuthTag();
}

/**
 * A stream that encrypts what passes through it (the packed archive) with a key derived from the
 * passphrase; the header is written first. The options are for tests: small chunks, a cheap scrypt.
 */
export async function encryptingStream(
  passphrase: string,
  options: { chunkBytes?: number; scryptN?: number } = {},
): Promise<Transform> {
  const params: EncryptionParams = {
    kdf: "scrypt",
    ...DEFAULT_SCRYPT,
    N: options.scryptN ?? DEFAULT_SCRYPT.N,
    salt: randomBytes(16).toString("base64"),
    cipher: "aes-256-gcm",
    chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    nonce: randomBytes(7).toString("base64"),
  };
  const header = Buffer.from(`${ENCRYPTED_MAGIC}${JSON.stringify(params)}\n`);
  const prefix = Buffer.from(params.nonce, "base64");
  const key = await deriveKey(passphrase, params);
  let counter = 0;
  let pending = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean) => {
    const cipher = createCipheriv("aes-256-gcm", key, nonceFor(prefix, counter++, last ? 1 : 0)) as CipherGCM;
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };
  let started = false;
  const start = (stream: Transform) => {
    if (started) return;
    started = true;
    stream.push(header);
    stream.push(checkTag(key, header, prefix));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      start(this);
      pending = Buffer.concat([pending, chunk]);
      // A chunk is sealed as "not the last" only once a byte after it is known to come.
      while (pending.length > params.chunkBytes) {
        this.push(seal(pending.subarray(0, params.chunkBytes), false));
        pending = pending.subarray(params.chunkBytes);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      start(this);
      this.push(seal(pending, true));
      callback();
    },
  });
}

/**
 * Whether the file starts with an encrypted archive's magic line; and if so, its parsed header.
 * Returns null for any other file (a plain .tar.gz).
 */
export async function readEncryptionHeader(
  file: string,
): Promise<{ header: Buffer; params: EncryptionParams; check: Buffer; dataStart: number } | "malformed" | null> {
  const handle = await fs.open(file, "r");
  let start: Buffer;
  try {
    const buffer = Buffer.alloc(HEADER_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_LIMIT, 0);
    start = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const magic = Buffer.from(ENCRYPTED_MAGIC);
  // An archive cut inside its magic line is still an encrypted one, and a damaged one.
  if (start.length > 0 && start.length < magic.length && magic.subarray(0, start.length).equals(start)) {
    return "malformed";
  }
  if (!start.subarray(0, magic.length).equals(magic)) return null;
  const end = start.indexOf("\n", ENCRYPTED_MAGIC.length);
  if (end < 0 || start.length < end + 1 + TAG_BYTES) return "malformed";
  const header = start.subarray(0, end + 1);
  let params: EncryptionParams;
  try {
    params = JSON.parse(header.subarray(ENCRYPTED_MAGIC.length).toString("utf8")) as EncryptionParams;
  } catch {
    return "malformed";
  }
  const valid =
    params.kdf === "scrypt" &&
    params.cipher === "aes-256-gcm" &&
    [params.N, params.r, params.p, params.chunkBytes].every(Number.isSafeInteger) &&
    params.N >= 2 ** 10 &&
    params.N <= 2 ** 22 &&
    (params.N & (params.N - 1)) === 0 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16 &&
    params.chunkBytes >= 1 &&
    params.chunkBytes <= 16 * 1024 * 1024 &&
    typeof params.salt === "string" &&
    typeof params.nonce === "string" &&
    Buffer.from(params.nonce, "base64").length === 7;
  if (!valid) return "malformed";
  return {
    header: Buffer.from(header),
    params,
    check: Buffer.from(start.subarray(end + 1, end + 1 + TAG_BYTES)),
    dataStart: end + 1 + TAG_BYTES,
  };
}

/**
 * A stream that decrypts an archive's chunks (the bytes from `dataStart` on), each released only
 * once its tag holds. Throws WrongPassphraseError when the passphrase does not open the header.
 */
export async function decryptingStream(
  passphrase: string,
  encrypted: { header: Buffer; params: EncryptionParams; check: Buffer },
): Promise<Transform> {
  const { header, params, check } = encrypted;
  const prefix = Buffer.from(params.nonce, "base64");
  const key = await deriveKey(passphrase, params);
  const expected = checkTag(key, header, prefix);
  if (!expected.equals(check)) throw new WrongPassphraseError("wrong passphrase");
  const sealed = params.chunkBytes + TAG_BYTES;
  let counter = 0;
  let pending = Buffer.alloc(0);
  const open = (chunk: Buffer, last: boolean) => {
    const decipher = createDecipheriv("aes-256-gcm", key, nonceFor(prefix, counter++, last ? 1 : 0)) as DecipherGCM;
    decipher.setAAD(header);
    decipher.setAuthTag(chunk.subarray(chunk.length - TAG_BYTES));
    const plain = decipher.update(chunk.subarray(0, chunk.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new DamagedEncryptionError(
        last ? `the encrypted data ends early or is altered` : `encrypted chunk ${counter - 1} is altered`,
      );
    }
    return plain;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      try {
        while (pending.length > sealed) {
          this.push(open(pending.subarray(0, sealed), false));
          pending = pending.subarray(sealed);
        }
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (pending.length < TAG_BYTES) {
        callback(new DamagedEncryptionError("the encrypted data ends early"));
        return;
      }
      try {
        this.push(open(pending, true));
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback();
    },
  });
}
