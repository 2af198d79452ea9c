// The tool form's "Fetch logo from website" (decision 103): the intent it posts and what the
// admin reads back, shared by the form and the server that answers it.

export const FETCH_LOGO_INTENT = "fetch-logo";

export const WEBSITE_LOGO_MESSAGES = {
  button: "Fetch logo from website",
  fetching: "Fetching logo...",
  fetched: "Logo fetched from the website",
  noWebsite: "This tool has no saved website to fetch a logo from.",
  notFound: "No usable logo found on the website",
  unreachable: "The website could not be reached",
  refused: "The website's address is not allowed: it points to a private or local network.",
  storageFailed: "The logo could not be stored. Please try again.",
} as const;
