import { isRouteErrorResponse } from "react-router";
import { asErrorBody } from "~/lib/app-error";
import { useSiteBranding } from "~/lib/site";
import { LoadErrorState, NotFoundState } from "./page-states";

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

/**
 * The one error boundary of every route that needs one. It shows a message meant for people: the
 * route's own text for the status, else the `{ error }` an AppError response carries, else the
 * route's fallback for server errors, else the status's text. Nothing else a thrown value holds
 * (an object, a stack, a path) ever reaches the page.
 */
export function RouteErrorBoundary({
  error,
  texts = {},
  goBack = true,
  waysOnward = true,
  documentTitle = false,
}: {
  error: unknown;
  /**
   * The route's own words by status ("Tool not found"), shown whatever the answer says; `server`
   * is the route's fallback for any 5xx whose answer carries no message of its own.
   */
  texts?: Partial<Record<number | "server", Partial<StatusText>>>;
  goBack?: boolean;
  /** A search and the main sections under the message; off where the page has its own way on (the admin area). */
  waysOnward?: boolean;
  /** Set the document's title (the root does; other routes' meta functions do it themselves). */
  documentTitle?: boolean;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const fromServer = isRouteErrorResponse(error) ? asErrorBody(error.data)?.error : undefined;
  const own = texts[status];
  const fallback = status >= 500 ? texts.server : undefined;
  const base = STATUS_TEXTS[status] ?? (status >= 500 ? SERVER_ERROR : STATUS_TEXTS[400]!);
  const title = own?.title ?? fallback?.title ?? base.title;
  const message = own?.message ?? fromServer ?? fallback?.message ?? base.message;
  const { name: siteName } = useSiteBranding();
  return (
    <>
      {documentTitle && <title>{`${title} | ${siteName}`}</title>}
      {status === 404 ? (
        <NotFoundState title={title} message={message} waysOnward={waysOnward} />
      ) : (
        <LoadErrorState title={title} message={message} goBack={goBack} waysOnward={waysOnward} />
      )}
    </>
  );
}
