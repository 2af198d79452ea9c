import fs from "node:fs/promises";
import path from "node:path";

export type StoredFile = { key: string; url: string };

/** Where uploaded and generated files live; the S3 driver will implement the same shape. */
export type FileStorage = {
  put(options: { key: string; body: Buffer | string; contentType: string }): Promise<StoredFile>;
};

/** Keys are our own ("tool-logos/x.svg"); anything that could climb out of the root is refused. */
function resolveKey(rootDir: string, key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return path.join(rootDir, key);
}

export function createLocalStorage({ rootDir, publicPath }: { rootDir: string; publicPath: string }): FileStorage {
  return {
    async put({ key, body }) {
      const filePath = resolveKey(rootDir, key);
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      await fs.writeFile(filePath, body);
      return { key, url: `${publicPath}/${key}` };
    },
  };
}
