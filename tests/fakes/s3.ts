import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { listenOnLoopback, type LoopbackServer } from "./http";

// Just enough of S3 for the storage driver: path-style PUT, GET and HEAD of objects in one bucket,
// with requests signed by AWS Signature Version 4 checked for real against the one key pair the
// fake knows. Reads are anonymous, as from a public bucket. Listing is ListObjectsV2 (signed),
// `listPageSize` keys a page. No multipart, no chunked uploads.

export type FakeS3Object = {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  etag: string;
};

export type FakeS3Request = { method: string; path: string; headers: http.IncomingHttpHeaders };

export type FakeS3 = LoopbackServer & {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored object under this key, or undefined. */
  object(key: string): FakeS3Object | undefined;
  keys(): string[];
  /** Every request received, in order. */
  requests: FakeS3Request[];
};

const MAX_OBJECT_BYTES = 20 * 1024 * 1024;

export async function startFakeS3({
  bucket = "logos",
  region = "us-east-1",
  accessKeyId = "AKIAFAKES3TESTKEY",
  secretAccessKey = "fake-s3-secret-access-key-0123456789",
  listPageSize = 1000,
}: {
  bucket?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  listPageSize?: number;
} = {}): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];

  const server = await listenOnLoopback({
    handler: async (request, response) => {
      const [rawPath = "/", rawQuery = ""] = (request.url ?? "/").split("?");
      requests.push({ method: request.method ?? "", path: rawPath, headers: request.headers });
      const body = await readBuffer(request);

      if (request.headers.authorization !== undefined || request.method === "PUT") {
        const problem = verifySignature({ request, body, region, accessKeyId, secretAccessKey });
        if (problem) return sendError(response, 403, problem.code, problem.message);
      }

      const [, bucketName = "", ...keyParts] = rawPath.split("/");
      if (decodeURIComponent(bucketName) !== bucket)
        return sendError(response, 404, "NoSuchBucket", "The specified bucket does not exist");
      const key = keyParts.map(decodeURIComponent).join("/");
      const query = new URLSearchParams(rawQuery);
      if (!key && request.method === "GET" && query.get("list-type") === "2") {
        if (request.headers.authorization === undefined)
          return sendError(response, 403, "AccessDenied", "Access Denied");
        const after = query.get("continuation-token") ?? "";
        const sorted = [...objects.keys()].sort().filter((name) => name > after);
        const page = sorted.slice(0, listPageSize);
        const truncated = sorted.length > page.length;
        const xml =
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><MaxKeys>${listPageSize}</MaxKeys>` +
          `<IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : "") +
          page
            .map((name) => `<Contents><Key>${name}</Key><Size>${objects.get(name)!.body.length}</Size></Contents>`)
            .join("") +
          `</ListBucketResult>`;
        response.writeHead(200, { "content-type": "application/xml", "content-length": Buffer.byteLength(xml) });
        return void response.end(xml);
      }
      if (!key) return sendError(response, 400, "InvalidRequest", "This fake serves objects and lists only");

      if (request.method === "PUT") {
        if (request.headers["content-encoding"]?.includes("aws-chunked")) {
          return sendError(response, 501, "NotImplemented", "aws-chunked uploads are not supported here");
        }
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, {
          body,
          contentType: request.headers["content-type"],
          cacheControl: request.headers["cache-control"],
          etag,
        });
        response.writeHead(200, { etag, "content-length": 0 });
        return void response.end();
      }
      if (request.method === "GET" || request.method === "HEAD") {
        const stored = objects.get(key);
        if (!stored) return sendError(response, 404, "NoSuchKey", "The specified key does not exist.");
        response.writeHead(200, {
          etag: stored.etag,
          "content-length": stored.body.length,
          ...(stored.contentType ? { "content-type": stored.contentType } : {}),
          ...(stored.cacheControl ? { "cache-control": stored.cacheControl } : {}),
        });
        return void response.end(request.method === "HEAD" ? undefined : stored.body);
      }
      sendError(response, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    },
  });

  return {
    ...server,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    object: (key) => objects.get(key),
    keys: () => [...objects.keys()],
    requests,
  };
}

async function readBuffer(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_OBJECT_BYTES) throw new Error("object too large for the fake");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sendError(response: http.ServerResponse, status: number, code: string, message: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  response.writeHead(status, { "content-type": "application/xml", "content-length": Buffer.byteLength(xml) });
  response.end(xml);
}

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants for query parameters. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's SigV4 signature is not acceptable, or null when it is. */
function verifySignature({
  request,
  body,
  region,
  accessKeyId,
  secretAccessKey,
}: {
  request: http.IncomingMessage;
  body: Buffer;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): { code: string; message: string } | null {
  const authorization = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { code: "AccessDenied", message: "Missing or malformed AWS Signature Version 4 authorization" };
  const [, keyId, date, scopeRegion, signedHeaderList, signature] = match as unknown as string[];
  if (keyId !== accessKeyId)
    return { code: "InvalidAccessKeyId", message: "The AWS access key Id you provided does not exist in our records." };
  if (scopeRegion !== region)
    return {
      code: "AuthorizationHeaderMalformed",
      message: `the region '${scopeRegion}' is wrong; expecting '${region}'`,
    };

  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(date!))
    return { code: "AccessDenied", message: "X-Amz-Date does not match the credential scope" };
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256Hex(body)) {
    return {
      code: "XAmzContentSHA256Mismatch",
      message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
    };
  }
  if (!/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== "UNSIGNED-PAYLOAD") {
    return { code: "InvalidRequest", message: `Unsupported x-amz-content-sha256: ${payloadHash || "(missing)"}` };
  }

  const signedHeaders = signedHeaderList!.split(";");
  if (!signedHeaders.includes("host")) return { code: "AccessDenied", message: "The host header must be signed" };
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const [rawPath = "/", rawQuery = ""] = (request.url ?? "/").split("?");
  const canonicalQuery = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=");
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date!), region), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature!, "hex"))) {
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided.",
    };
  }
  return null;
}
