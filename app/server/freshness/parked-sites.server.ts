/** What a parked or sold domain looks like, and which part of a host name is the domain (decision 120). */

/** Services that park domains or sell them; a site ending there is not the tool any more. */
const PARKING_HOSTS = [
  "sedoparking.com",
  "sedo.com",
  "bodis.com",
  "parkingcrew.net",
  "afternic.com",
  "dan.com",
  "hugedomains.com",
  "above.com",
  "parklogic.com",
  "undeveloped.com",
  "domainmarket.com",
  "buydomains.com",
  "atom.com",
];

export function parkingHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return PARKING_HOSTS.some((parker) => host === parker || host.endsWith(`.${parker}`));
}

const PARKING_PHRASES = [
  "this domain is for sale",
  "this domain may be for sale",
  "this domain name is for sale",
  "buy this domain",
  "domain is parked",
  "domain parked",
  "this domain has been parked",
  "parked free, courtesy of",
  "this web page is parked",
  "the domain owner may be interested in selling",
  "this domain is available for purchase",
];

const PARKING_SCRIPT = new RegExp(
  `(?:src|href|action)\\s*=\\s*["']?(?:https?:)?//(?:[a-z0-9-]+\\.)*(?:${PARKING_HOSTS.map((host) => host.replace(/\./g, "\\.")).join("|")})[/"'\\s>?]`,
  "i",
);

/**
 * The phrase or parking service that gives a page away as parked, or null. A heuristic: the
 * well-known phrases of parking and for-sale pages in the first 64 KB, or a script, frame or link
 * loaded from a parking service. A false "parked" only puts the tool before an administrator.
 */
export function looksParked(html: string): string | null {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|\s+/g, " ")
    .toLowerCase();
  const phrase = PARKING_PHRASES.find((candidate) => text.includes(candidate));
  if (phrase) return phrase;
  const script = PARKING_SCRIPT.exec(html);
  return script ? script[0].replace(/^[^/]*\/\//, "").replace(/[/"'\s>?]$/, "") : null;
}

// --- Domains ---

/** Second-level suffixes under which the third label is the registrant (no public suffix list here). */
const TWO_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "com.au",
  "net.au",
  "org.au",
  "co.jp",
  "co.nz",
  "co.in",
  "co.kr",
  "co.za",
  "com.br",
  "com.cn",
  "com.mx",
  "com.tr",
  "com.sg",
  "com.hk",
  "com.tw",
  // Hosting where each subdomain is someone else's site.
  "github.io",
  "gitlab.io",
  "vercel.app",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "herokuapp.com",
  "hf.space",
  "streamlit.app",
  "web.app",
  "firebaseapp.com",
  "onrender.com",
  "fly.dev",
  "replit.app",
  "notion.site",
  "webflow.io",
  "framer.website",
  "wixsite.com",
  "substack.com",
  "blogspot.com",
]);

/**
 * The part of a host name someone registered: "app.example.com" -> "example.com",
 * "shop.example.co.uk" -> "example.co.uk", "me.github.io" -> "me.github.io". An approximation of the
 * public suffix list with the suffixes an AI tool's website is likely to use.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || /^\d+(\.\d+){3}$/.test(host)) return host;
  const labels = host.split(".");
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join(".");
  return labels.slice(TWO_LABEL_SUFFIXES.has(lastTwo) ? -3 : -2).join(".");
}
