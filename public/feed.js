/* global document, location, DOMParser -- this file runs in the browser, inside an RSS feed */
/*
 * Turns an RSS feed opened in a browser into a readable page (decision 184): its title and
 * description, a box with the feed's address to copy into a reader, and its entries linked.
 * Browsers are dropping XSLT, so this is plain DOM code that the feed loads through a <script> in
 * the XHTML namespace. It reads the feed as data: every text is set as text, and only http(s)
 * addresses become links. /feed.css styles the page.
 */
(function () {
  const XHTML = "http://www.w3.org/1999/xhtml";
  const ATOM = "http://www.w3.org/2005/Atom";

  const channel = document.documentElement.localName === "rss" ? childNamed(document.documentElement, "channel") : null;
  if (!channel) return;

  function childNamed(parent, name) {
    for (const child of parent.children) if (child.localName === name && !child.namespaceURI) return child;
    return null;
  }
  function textOf(parent, name) {
    return childNamed(parent, name)?.textContent.trim() ?? "";
  }
  function webAddress(text) {
    try {
      const url = new URL(text, location.href);
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch {
      return null;
    }
  }
  /** An element of the page: attributes set as attributes, children as nodes or text. */
  function element(name, attributes, ...children) {
    const node = document.createElementNS(XHTML, name);
    for (const [key, value] of Object.entries(attributes ?? {})) node.setAttribute(key, value);
    for (const child of children) if (child !== null) node.append(child);
    return node;
  }
  function link(text, href) {
    const address = webAddress(href);
    return address ? element("a", { href: address }, text) : text;
  }
  /** An item's description is HTML to readers; the page shows its text, parsed inertly. */
  function plainText(html) {
    return new DOMParser().parseFromString(html, "text/html").body.textContent.trim();
  }
  function dateText(text) {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) return null;
    const label = date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    return element("time", { datetime: date.toISOString() }, label);
  }

  const title = textOf(channel, "title");
  const homePage = textOf(channel, "link");
  const self = [...channel.getElementsByTagNameNS(ATOM, "link")].find((node) => node.getAttribute("rel") === "self");
  const address = webAddress(self?.getAttribute("href") ?? "") ?? location.href;

  const addressInput = element("input", {
    type: "text",
    readonly: "readonly",
    value: address,
    id: "feed-address",
    "aria-label": "Feed address",
  });
  const status = element("p", { role: "status" });
  const copyButton = element("button", { type: "button" }, "Copy address");
  copyButton.addEventListener("click", () => {
    const selectIt = () => {
      addressInput.select();
      status.textContent = "Selected: copy it with your keyboard or menu.";
    };
    if (!navigator.clipboard) return selectIt();
    navigator.clipboard.writeText(address).then(() => {
      status.textContent = "Copied. Paste it into your feed reader.";
    }, selectIt);
  });

  const items = [...channel.children].filter((child) => child.localName === "item" && !child.namespaceURI);
  const list = element(
    "ol",
    { class: "feed-items" },
    ...items.map((item) => {
      const summary = plainText(textOf(item, "description"));
      return element(
        "li",
        null,
        element("h3", null, link(textOf(item, "title"), textOf(item, "link"))),
        dateText(textOf(item, "pubDate")),
        summary ? element("p", null, summary) : null,
      );
    }),
  );

  const page = element(
    "html",
    { lang: "en" },
    element(
      "head",
      null,
      element("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      element("title", null, `${title} (RSS feed)`),
      // Named before the browser looks for /favicon.ico, which this site does not have.
      element("link", { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }),
    ),
    element(
      "body",
      null,
      element(
        "main",
        { class: "feed-page" },
        element("p", { class: "feed-kind" }, "RSS feed"),
        element("h1", null, title),
        element("p", { class: "feed-description" }, textOf(channel, "description")),
        element(
          "section",
          { class: "feed-subscribe", "aria-labelledby": "feed-subscribe-title" },
          element("h2", { id: "feed-subscribe-title" }, "Follow this feed"),
          element("p", null, element("label", { for: "feed-address" }, "Copy this address into your reader:")),
          element("div", { class: "feed-address" }, addressInput, copyButton),
          status,
          element(
            "p",
            null,
            "A feed reader checks this address for you and shows each new entry. The same list is on ",
            link(homePage, homePage),
            ".",
          ),
        ),
        element("h2", { class: "feed-items-title" }, items.length > 0 ? "Latest entries" : "No entries yet."),
        items.length > 0 ? list : null,
      ),
    ),
  );

  // The visitor's theme on the site (a cookie; "system" or none follows the system).
  const theme = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie)?.[1];
  if (theme) page.setAttribute("class", theme);
  document.replaceChild(page, document.documentElement);
})();
