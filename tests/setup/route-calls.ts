import { isRouteErrorResponse } from "react-router";
import { DATA_REQUEST_HEADER } from "~/server/auth/guards.server";
import { TEST_SITE_URL } from "./test-app";

/**
 * A GET as a browser sends it: a whole page, or (`data`) a client navigation's ".data" request,
 * which the HTTP layer marks so guards answer it with a status instead of a redirect.
 */
export function getRequest(path: string, { cookie, data = false }: { cookie?: string; data?: boolean } = {}): Request {
  const headers = new Headers();
  if (cookie) headers.set("cookie", cookie);
  if (data) headers.set(DATA_REQUEST_HEADER, "1");
  return new Request(new URL(path, TEST_SITE_URL), { headers });
}

/** What a loader or action answered or threw, read the way React Router reads it. */
export type RouteAnswer = { status: number; location: string | null; data: unknown; headers: Headers | null };

const isDataWithInit = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * A Response (a redirect, a resource, an error response whose JSON body React Router hands on as
 * data), React Router's `data(body, init)`, a route error response, or a plain value (200).
 * Anything else was thrown by a bug, and is thrown again.
 */
export async function routeAnswer(value: unknown, { thrown = false }: { thrown?: boolean } = {}): Promise<RouteAnswer> {
  if (value instanceof Response) {
    const json = value.headers.get("content-type")?.startsWith("application/json");
    const data: unknown = json && !value.bodyUsed ? await value.clone().json() : null;
    return { status: value.status, location: value.headers.get("location"), data, headers: value.headers };
  }
  if (isDataWithInit(value))
    return { status: value.init?.status ?? 200, location: null, data: value.data, headers: null };
  if (isRouteErrorResponse(value)) return { status: value.status, location: null, data: value.data, headers: null };
  if (thrown) throw value;
  return { status: 200, location: null, data: value, headers: null };
}

/** A loader's or action's answer, returned or thrown (a bug's error is thrown again). */
export async function settleRoute(run: () => unknown): Promise<RouteAnswer> {
  try {
    return await routeAnswer(await run());
  } catch (thrown) {
    return await routeAnswer(thrown, { thrown: true });
  }
}

/**
 * A form post as a browser sends it: same-origin unless `origin` says otherwise (null: none), with
 * the session `cookie` if any; an array value repeats the name once per item, as a form's lists do.
 */
export function formPostRequest(
  path: string,
  fields: Record<string, string | string[]>,
  { cookie, origin }: { cookie?: string | null; origin?: string | null } = {},
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (origin !== null) headers.set("origin", origin ?? new URL(TEST_SITE_URL).origin);
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(path, TEST_SITE_URL), { method: "POST", headers, body: body.toString() });
}
