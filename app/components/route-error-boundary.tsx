import { errorPageText, type ErrorTexts } from "~/lib/error-page-text";
import { LoadErrorState, NotFoundState } from "./page-states";

/**
 * The one error boundary of every route that needs one. It shows a message meant for people
 * (errorPageText); nothing else a thrown value holds (an object, a stack, a path) ever reaches the
 * page. The document's head is the route's meta function's (the root's: errorPageMeta).
 */
export function RouteErrorBoundary({
  error,
  texts = {},
  goBack = true,
  waysOnward = true,
}: {
  error: unknown;
  /**
   * The route's own words by status ("Tool not found"), shown whatever the answer says; `server`
   * is the route's fallback for any 5xx whose answer carries no message of its own.
   */
  texts?: ErrorTexts;
  goBack?: boolean;
  /** A search and the main sections under the message; off where the page has its own way on (the admin area). */
  waysOnward?: boolean;
}) {
  const { status, title, message } = errorPageText(error, texts);
  return status === 404 ? (
    <NotFoundState title={title} message={message} waysOnward={waysOnward} />
  ) : (
    <LoadErrorState title={title} message={message} goBack={goBack} waysOnward={waysOnward} />
  );
}
