/**
 * The inline script that loads the tracking script after the page and logs (to the console only)
 * when it fails. Built in one place: the page renders it, and the Content-Security-Policy allows
 * exactly this text by its hash.
 */
export function analyticsLoaderScript(src: string): string {
  // JSON.stringify makes a JavaScript string; escaping "<" keeps "</script>" from ending the tag.
  const source = JSON.stringify(src).replace(/</g, "\\u003c");
  return `(function(){var s=document.createElement("script");s.async=true;s.src=${source};s.onerror=function(){console.error("Failed to load tracking script")};document.head.appendChild(s)})();`;
}
