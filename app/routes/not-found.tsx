import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any address no other route takes: the root error boundary renders it, with status 404. */
export function loader(_: Route.LoaderArgs) {
  throw data("Page not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
