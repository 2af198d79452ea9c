import { listenOnLoopback, readBody, sendJson, type LoopbackServer } from "./http";

/**
 * A CDN's purge API on loopback: records each purge request (Cloudflare's JSON {"tags": [...]} or
 * Fastly's Surrogate-Key header) and answers as the vendor does, or with a failure when told to.
 */
export type PurgeRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: string };

export async function startFakeCdn(): Promise<
  LoopbackServer & { purges: PurgeRequest[]; failWith(status: number | null): void }
> {
  const purges: PurgeRequest[] = [];
  let failure: number | null = null;
  const server = await listenOnLoopback({
    handler: async (request, response, url) => {
      if (request.method !== "POST") return sendJson(response, 405, { success: false });
      purges.push({ path: url.pathname, headers: request.headers, body: await readBody(request) });
      if (failure !== null) return sendJson(response, failure, { success: false, errors: [{ message: "refused" }] });
      // Cloudflare's answer; Fastly's is {"status": "ok"}, which the purger reads the same way.
      sendJson(response, 200, { success: true, errors: [], messages: [], result: { id: "purge" } });
    },
  });
  return { ...server, purges, failWith: (status) => (failure = status) };
}
