import { Link, useLocation } from "react-router";
import { LISTING_REPORT_REASON_LABELS, LISTING_REPORT_REASONS } from "~/lib/members";
import { signInHref } from "~/lib/sign-in-link";
import { DISCLOSURE_SUMMARY_CLASSES, ReportForm } from "./report-form";
import { useSignInPrompt } from "./use-community-fetcher";

/**
 * "Report a problem" with a tool's listing, on every tool page. A member gets the report form; a
 * signed-out visitor a link to sign in and come back (with JavaScript, the sign-in dialog), the
 * same for every visitor, as the cached page needs.
 */
export function ReportProblem({ signedIn, toolName }: { signedIn: boolean; toolName: string }) {
  if (signedIn) {
    return (
      <ReportForm
        intent="report-listing"
        summary="Report a problem"
        legend={`What is wrong with the ${toolName} listing?`}
        reasons={LISTING_REPORT_REASONS}
        labels={LISTING_REPORT_REASON_LABELS}
      />
    );
  }
  return <SignInToReport />;
}

function SignInToReport() {
  const location = useLocation();
  const promptSignIn = useSignInPrompt();
  return (
    <Link
      to={signInHref(location)}
      className={DISCLOSURE_SUMMARY_CLASSES}
      onClick={(event) => {
        event.preventDefault();
        promptSignIn("report-listing");
      }}
    >
      Report a problem
    </Link>
  );
}
