import path from "node:path";
import { env } from "../env";
import { createLocalStorage, type FileStorage } from "./local-storage";

/** Local files under DATA_DIR/uploads, served at /uploads. */
export const UPLOADS_PATH = "/uploads";

export function configuredStorage(): FileStorage {
  return createLocalStorage({ rootDir: path.join(env.dataDir, "uploads"), publicPath: UPLOADS_PATH });
}
