import { AppError } from "~/lib/app-error";
import { toErrorResponse } from "~/server/http/error-response.server";
import type { Route } from "./+types/not-found";

/** Any address no other route takes: the root error boundary renders it, with status 404. */
export function loader(_: Route.LoaderArgs) {
  throw toErrorResponse(new AppError("not-found", "The page you are looking for does not exist or has moved."));
}

export default function NotFound() {
  return null;
}
