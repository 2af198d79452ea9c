import path from "node:path";
import { env as processEnv, type Env } from "../env.server";
import { createLocalStorage, type FileStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";

/** Local files under DATA_DIR/uploads, served at /uploads. */
export const UPLOADS_PATH = "/uploads";

type StorageSettings = Pick<
  Env,
  | "NODE_ENV"
  | "dataDir"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PUBLIC_URL"
>;

/** S3-compatible storage when S3_BUCKET is set, otherwise files under DATA_DIR/uploads. */
export function configuredStorage(env: StorageSettings = processEnv): FileStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
      forceHttps: env.NODE_ENV === "production",
    });
  }
  return createLocalStorage({ rootDir: path.join(env.dataDir, "uploads"), publicPath: UPLOADS_PATH });
}
