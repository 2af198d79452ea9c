import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/**
 * A link home that steps back in history when the visitor came from within the site,
 * so it works without JavaScript and for a page opened from a shared link.
 */
export function GoBackButton({
  label = "Go Back",
  variant = "outline",
}: {
  label?: string;
  variant?: "outline" | "ghost";
}) {
  const navigate = useNavigate();
  return (
    <Link
      to="/"
      className={buttonClasses({ variant })}
      onClick={(event) => {
        if (window.history.state?.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}
