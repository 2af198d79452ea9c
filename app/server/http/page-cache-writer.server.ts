import type express from "express";
import type { createRequestHandler } from "react-router";
import { storableApiHeaders } from "../api/cached-answer.server";
import { matchesIfNoneMatch } from "../api/respond.server";
import { resolveViewer } from "../auth/viewer.server";
import type { DataMemo } from "../cache/data-memo.server";
import { etagOf, type PageCache } from "../cache/page-cache.server";
import { pageTagList, tagHeaders, type PageTags } from "../cache/page-tags.server";
import type { AppServices } from "../context.server";
import { databaseFailedDuringRequest } from "../db/database-unavailable.server";
import type { SearchNote } from "../search/search-log.server";
import { countsAsVisit } from "../traffic/tool-counters.server";
import type { ToolViewNote } from "../traffic/tool-views.server";
import { readTheme } from "~/lib/theme";
import { cacheableRequest, cacheKeyOf } from "./cached-hits.server";
import type { ContentSecurityPolicy } from "./content-security-policy.server";
import { sendTemporarilyUnavailable } from "./database-outage.server";
import { clientIpOf, sendFetchResponse, toFetchRequest, writeHeaders } from "./fetch-adapter.server";

/**
 * A page's data read again after an action on the same page (a vote, a comment): the same view, not
 * another. React Router asks for it as "{path}.data" from the page itself.
 */
function reloadAfterAction(req: express.Request): boolean {
  if (!req.path.endsWith(".data")) return false;
  const referer = req.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).pathname === req.path.slice(0, -".data".length);
  } catch {
    return false;
  }
}

/** Whether an anonymous visitor chose a theme: their pages differ from everyone else's. */
const themed = (cookie: string) => readTheme(cookie || null) !== "system";

/** A 304 carries no body, so none of the content headers (Content-Security-Policy among them). */
const notModified = (headers: [string, string][]) =>
  headers.filter(([name]) => !name.toLowerCase().startsWith("content-"));

export type PageCacheWriterOptions = {
  services: AppServices;
  cache: PageCache;
  dataMemo: DataMemo;
  csp: ContentSecurityPolicy;
  handleRequest: ReturnType<typeof createRequestHandler>;
  /** Answers a hit before React Router; true when it did. */
  answerFromCache: (req: express.Request, res: express.Response) => boolean;
  /** Cache-Control of a page a shared cache (a CDN) may keep. */
  sharedCacheControl: string;
};

/**
 * The last Express handler: React Router renders the request with its context, and a 200 anonymous
 * GET without Set-Cookie or no-store is stored in the page cache with its ETag and tags, then sent
 * (decisions 096, 097, 098). Everything else is sent as React Router answered it.
 */
export function renderAndCachePages({
  services,
  cache,
  dataMemo,
  csp,
  handleRequest,
  answerFromCache,
  sharedCacheControl,
}: PageCacheWriterOptions): express.RequestHandler {
  const { auth, db } = services;
  return async (req, res, next) => {
    /** The key of a cacheable GET: its stale page, if any, is this request's to render again. */
    let renderingKey: string | null = null;
    try {
      // Hits are answered before Express (cached-hits.server.ts); one reaches here only when the
      // host policy rewrote an absolute-form target into a path.
      if (answerFromCache(req, res)) return;
      const cookie = req.get("cookie") ?? "";
      const cacheable = cacheableRequest(req.method, req.path, cookie);
      // The origin a page links to is part of the key (without PUBLIC_URL it comes from the request).
      const origin = res.locals.origin as string;
      const api = cacheable?.api ?? false;
      const cacheKey = cacheKeyOf({ origin, url: req.originalUrl, api, cookie });
      if (cacheable && req.method === "GET") renderingKey = cacheKey;
      // Before anything is read: a purge from here on may name what this render shows too early.
      const renderMark = cache.beginRender();
      const request = toFetchRequest(req, res);
      const { viewer, setCookies } = await resolveViewer({ auth, db, headers: request.headers });
      const cspNonce = csp.newNonce();
      const pageTags: PageTags = new Set();
      const searchNote: SearchNote = { seen: null };
      const toolView: ToolViewNote = { toolId: null };
      const context = {
        ...services,
        siteUrl: origin,
        viewer,
        clientIp: clientIpOf(req),
        cspNonce,
        pageTags,
        dataMemo,
        searchNote,
        toolView,
      };
      const response = await handleRequest(request, context);
      // The search a page showed (noted only for documents, decision 162); a stored page is counted
      // again at each hit.
      const search = response.status === 200 ? searchNote.seen : null;
      if (search) services.searchLog.count(search);
      // The tool a page showed, counted when a person asked (decision 178); a stored page at each hit too.
      const viewed = response.status === 200 ? toolView.toolId : null;
      if (viewed && countsAsVisit(req.headers) && !reloadAfterAction(req)) services.toolCounters.view(viewed);
      if (response.status >= 500 && databaseFailedDuringRequest()) {
        if (renderingKey) cache.release(renderingKey);
        return void sendTemporarilyUnavailable(req, res);
      }
      const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
      // A session past its update age was extended: the page carries the renewed cookie, unless
      // the route itself set the session (sign-in, sign-out), which wins.
      const renewed = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))
        ? []
        : setCookies;
      const cacheControl = response.headers.get("cache-control");
      const storable = !/\b(?:no-store|private)\b/i.test(cacheControl ?? "");
      if (
        cacheable &&
        storable &&
        response.status === 200 &&
        req.method === "GET" &&
        !response.headers.has("set-cookie")
      ) {
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()];
        if (isPage) headers.push([csp.headerName, csp.forStoredPage(body.toString("utf8"), cspNonce)]);
        // A page chosen by theme must not reach a shared cache that keys by address alone.
        if (!cacheControl) headers.push(["cache-control", themed(cookie) ? "private, no-cache" : sharedCacheControl]);
        const tags = pageTagList(pageTags);
        headers.push(...tagHeaders(tags));
        // The API's answers carry their own ETag; a page's leaves out its nonce, the one part that
        // differs between renders of the same content.
        let etag = response.headers.get("etag");
        if (!etag) headers.push(["etag", (etag = etagOf(body, isPage ? cspNonce : undefined))]);
        cache.set(
          cacheKey,
          {
            status: 200,
            headers: api ? storableApiHeaders(headers) : headers,
            body,
            etag,
            tags,
            search,
            toolView: viewed,
          },
          renderMark,
        );
        renderingKey = null;
        if (matchesIfNoneMatch(req.get("if-none-match") ?? null, etag)) {
          // The browser keeps the Content-Security-Policy that came with its copy.
          res.removeHeader(csp.headerName);
          writeHeaders(res, 304, [...notModified(headers), ["x-cache", "MISS"]]);
          return void res.end();
        }
        writeHeaders(res, 200, [...headers, ["x-cache", "MISS"]]);
        return void res.end(body);
      }
      if (renderingKey) {
        // Not a storable 200 any more (deleted, moved, personal now): the stale page goes; after
        // an error it stays, and the next request tries again.
        if (response.status < 500 && response.status !== 304) cache.delete(renderingKey);
        else cache.release(renderingKey);
        renderingKey = null;
      }
      if (isPage) res.setHeader(csp.headerName, csp.forNonce(cspNonce));
      // A page for one person, or one the cache may not keep, stays out of shared caches.
      if (!cacheControl) {
        const shared = cacheable && response.status === 200 && !themed(cookie);
        res.setHeader("cache-control", shared ? sharedCacheControl : "private, no-cache");
      }
      await sendFetchResponse(res, response, renewed);
    } catch (error) {
      if (renderingKey) cache.release(renderingKey);
      next(error);
    }
  };
}
