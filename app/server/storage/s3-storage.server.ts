import { loadOnce } from "../load-once.server";
import { assertStorageKey, keyAfterPrefix, type FileStorage } from "./local-storage.server";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Spaces...); unset means Amazon S3 itself. */
  endpoint?: string;
  /** Both unset: the SDK's own chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the stored files are reachable by browsers (a CDN, a public bucket domain). */
  publicUrl?: string;
  /** Production: every URL handed out is https, as the spec asks, whatever the endpoint says. */
  forceHttps?: boolean;
};

/** Keys are never reused for different content (new uploads get new random names). */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The public URL of a stored object, built from configuration alone (no request to the store). */
export function s3PublicUrl(
  { bucket, region, endpoint, publicUrl, forceHttps }: Omit<S3StorageOptions, "accessKeyId" | "secretAccessKey">,
  key: string,
): string {
  const path = key.split("/").map(encodeURIComponent).join("/");
  const trimmed = (base: string) => base.replace(/\/+$/, "");
  const url = publicUrl
    ? `${trimmed(publicUrl)}/${path}`
    : endpoint
      ? `${trimmed(endpoint)}/${encodeURIComponent(bucket)}/${path}`
      : `https://${bucket}.s3.${region}.amazonaws.com/${path}`;
  return forceHttps ? url.replace(/^http:\/\//i, "https://") : url;
}

/** The AWS SDK loads with the first stored file, not with the server: an install on local storage never needs it. */
async function connectS3({ region, endpoint, accessKeyId, secretAccessKey }: S3StorageOptions) {
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    region,
    endpoint,
    // Most S3-compatible services (and any endpoint given as a bare host) address buckets by path.
    forcePathStyle: endpoint !== undefined,
    // Newer SDKs add CRC checksums (and chunked uploads) to every PUT; not every compatible store
    // understands them, and none of our requests needs one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  return { sdk, client };
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const s3 = loadOnce(() => connectS3(options));
  return {
    async put({ key, body, contentType }) {
      assertStorageKey(key);
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: typeof body === "string" ? Buffer.from(body) : body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
      return { key, url: s3PublicUrl(options, key) };
    },
    async *list() {
      const { sdk, client } = await s3();
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    async get(key) {
      const { sdk, client } = await s3();
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`S3 returned no body for ${key}`);
      return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType };
    },
    // The public address of the empty key is the prefix every stored object's address starts with.
    keyOf: (url) => keyAfterPrefix(url, s3PublicUrl(options, "")),
  };
}
