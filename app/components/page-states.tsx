import { GoBackButton } from "./go-back-button";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { WaysOnward } from "./ways-onward";

/**
 * 'Tool not found', 'Article not found', 'Page not found': a heading, a line and Go Back, then
 * (unless `waysOnward` is off, as inside the admin area) a search and the site's main sections.
 */
export function NotFoundState({
  title,
  message,
  waysOnward = true,
}: {
  title: string;
  message: string;
  waysOnward?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 text-center sm:px-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{message}</p>
      <GoBackButton />
      {waysOnward && <WaysOnward />}
    </div>
  );
}

/** A failed load: the spec's alert titled 'Error' (or the status's own title), optionally with Go Back. */
export function LoadErrorState({
  title = "Error",
  message,
  goBack = true,
  waysOnward = true,
}: {
  title?: string;
  message: string;
  goBack?: boolean;
  waysOnward?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 sm:px-6">
      <Alert variant="destructive">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      {goBack && <GoBackButton />}
      {waysOnward && <WaysOnward />}
    </div>
  );
}
