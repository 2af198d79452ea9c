import { isRouteErrorResponse, type ServerBuild } from "react-router";
import { logger } from "../logger.server";

type HandleError = NonNullable<ServerBuild["entry"]["module"]["handleError"]>;

/**
 * The build with React Router's error hook routed to our logger. A refusal React Router makes
 * itself (a post to a page without an action: 405) is the sender's mistake, a warning without a
 * stack; a request the client abandoned is nobody's; anything else is an error, logged in full.
 */
export function withLoggedRequestErrors(build: ServerBuild): ServerBuild {
  const own = build.entry.module.handleError;
  const handleError: HandleError = (error, args) => {
    const { request } = args;
    if (request.signal.aborted) return;
    if (isRouteErrorResponse(error) && error.status < 500) {
      logger.warn({ method: request.method, url: request.url, status: error.status }, "refused a request");
      return;
    }
    if (own) return own(error, args);
    logger.error({ err: error, method: request.method, url: request.url }, "request failed");
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } };
}
