/**
 * Loads the third-party tracking script after the page, for visitors who are not administrators
 * (the server decides, so it never flashes in for an admin). A failed load is logged to the
 * console only; the visitor sees nothing.
 */
export function AnalyticsScript({ src }: { src: string }) {
  // JSON.stringify makes a JavaScript string; escaping "<" keeps "</script>" from ending the tag.
  const source = JSON.stringify(src).replace(/</g, "\\u003c");
  const loader = `(function(){var s=document.createElement("script");s.async=true;s.src=${source};s.onerror=function(){console.error("Failed to load tracking script")};document.head.appendChild(s)})();`;
  return <script dangerouslySetInnerHTML={{ __html: loader }} />;
}
