import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** The list pages' way back (category and tag): a link to the home page above the heading. */
export function BackToHomepage() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Homepage
    </Link>
  );
}
