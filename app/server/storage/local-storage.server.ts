import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import express from "express";

export type StoredFile = { key: string; url: string };

export type PutFileOptions = {
  /** Our own name for the file, "tool-logos/3f2c….webp": letters, digits, "/", "_", "-" and ".". */
  key: string;
  body: Buffer | string;
  contentType: string;
};

/** Where uploaded and generated files live: local disk (this file) or S3-compatible storage. */
export type FileStorage = {
  /** Stores the file under its key, replacing any file there, and returns its public URL. */
  put(options: PutFileOptions): Promise<StoredFile>;
  /** Every stored key, for backups. */
  list(): AsyncIterable<string>;
  /** A stored file's bytes and type, for backups. */
  get(key: string): Promise<{ body: Buffer; contentType: string | undefined }>;
  /** The key of a URL this storage hands out for its files, or null for any other address. */
  keyOf(url: string): string | null;
};

/** The key after a public address's prefix, or null: each segment decoded, then checked as a key. */
export function keyAfterPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  try {
    const key = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
    return isStorageKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** Keys are our own ("tool-logos/x.svg"); anything that could climb out of the root is refused. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function isStorageKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9/_.-]*$/i.test(key) && !key.includes("..") && !key.includes("//");
}

export function createLocalStorage({ rootDir, publicPath }: { rootDir: string; publicPath: string }): FileStorage {
  return {
    async put({ key, body }) {
      assertStorageKey(key);
      const filePath = path.join(rootDir, key);
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      // Written beside and renamed into place, so a reader never sees half a file.
      const partial = `${filePath}.${randomUUID()}.partial`;
      try {
        await fs.writeFile(partial, body);
        await fs.rename(partial, filePath);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
      return { key, url: `${publicPath}/${key}` };
    },
    async *list() {
      const entries = await fs.readdir(rootDir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith(".partial")) continue;
        const key = path.relative(rootDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (isStorageKey(key)) yield key;
      }
    },
    async get(key) {
      assertStorageKey(key);
      const body = await fs.readFile(path.join(rootDir, key));
      return { body, contentType: SERVED_UPLOAD_TYPES[path.extname(key).toLowerCase()] };
    },
    keyOf: (url) => keyAfterPrefix(url, `${publicPath}/`),
  };
}

/** The only files served from the uploads folder, by extension, with the type they are served as. */
export const SERVED_UPLOAD_TYPES: Readonly<Record<string, string>> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

/**
 * Serves the local uploads folder: known image types only, each with its own Content-Type and
 * `nosniff`, so a browser never runs a stored file as a page (the server-wide middleware sets
 * nosniff too; it is repeated here so this handler is safe wherever it is mounted). An SVG can
 * hold script; the policy below keeps it inert even when opened directly.
 */
export function serveLocalUploads(rootDir: string): express.Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return void res.status(405).set("Allow", "GET, HEAD").end();
    if (!SERVED_UPLOAD_TYPES[path.extname(req.path).toLowerCase()])
      return void res.status(404).type("text/plain").send("Not Found");
    next();
  });
  router.use(
    express.static(rootDir, {
      maxAge: "7d",
      fallthrough: false,
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        // Set before `send` guesses a type from its own table, which then leaves it alone.
        res.setHeader("Content-Type", SERVED_UPLOAD_TYPES[path.extname(filePath).toLowerCase()]!);
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
      },
    }),
  );
  // A missing file is a plain 404 here, not an error for the server-wide handler to log as a 500.
  router.use((error: { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status >= 500) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(STATUS_CODES[status] ?? "Error");
  });
  return router;
}
