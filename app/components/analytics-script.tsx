import { analyticsLoaderScript } from "~/lib/analytics-loader";

/**
 * Loads the third-party tracking script after the page, for visitors who are not administrators
 * (the server decides, so it never flashes in for an admin). A failed load is logged to the
 * console only; the visitor sees nothing.
 */
export function AnalyticsScript({ src }: { src: string }) {
  return <script dangerouslySetInnerHTML={{ __html: analyticsLoaderScript(src) }} />;
}
