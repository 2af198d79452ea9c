import { isRouteErrorResponse } from "react-router";
import { asErrorBody } from "./app-error";

// What an error page says, shared by its body (components/route-error-boundary.tsx) and its head
// (errorPageMeta in seo.ts), so the two never disagree.

export type StatusText = { title: string; message: string };

/** What each status says when the route has nothing more specific and the answer carries no message. */
const STATUS_TEXTS: Record<number, StatusText> = {
  400: {
    title: "Bad request",
    message: "The request could not be understood. Please check the address or the form and try again.",
  },
  401: { title: "Sign in required", message: "Please sign in to continue." },
  403: { title: "Access denied", message: "You do not have permission to do this." },
  404: { title: "Page not found", message: "The page you are looking for does not exist or has moved." },
  405: { title: "Not allowed", message: "This address does not accept that kind of request." },
  413: { title: "Too large", message: "What was sent is too large." },
  415: { title: "Unsupported request", message: "This address accepts form posts only." },
  429: { title: "Too many attempts", message: "Please wait a moment and try again." },
  503: {
    title: "Temporarily unavailable",
    message: "The site is temporarily unavailable. Please try again in a moment.",
  },
};

const SERVER_ERROR: StatusText = { title: "Error", message: "Something went wrong on our side. Please try again." };

/** The route's own words by status ("Tool not found"); `server` is its fallback for any 5xx without a message. */
export type ErrorTexts = Partial<Record<number | "server", Partial<StatusText>>>;

/**
 * What an error page says: the route's own text for the status, else the `{ error }` an AppError
 * response carries, else the route's fallback for server errors, else the status's text.
 */
export function errorPageText(error: unknown, texts: ErrorTexts = {}): StatusText & { status: number } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const fromServer = isRouteErrorResponse(error) ? asErrorBody(error.data)?.error : undefined;
  const own = texts[status];
  const fallback = status >= 500 ? texts.server : undefined;
  const base = STATUS_TEXTS[status] ?? (status >= 500 ? SERVER_ERROR : STATUS_TEXTS[400]!);
  return {
    status,
    title: own?.title ?? fallback?.title ?? base.title,
    message: own?.message ?? fromServer ?? fallback?.message ?? base.message,
  };
}
