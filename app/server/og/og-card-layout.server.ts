import type { ReactNode } from "react";
import { formatDate, formatRating, formatVoteCount } from "~/lib/format";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type OgCard } from "~/lib/og-image";
import { monogramHue, monogramInitials } from "../storage/monogram.server";
import { OG_FONT_FAMILY } from "./og-fonts.server";

/**
 * The cards' design as satori element trees (plain objects: satori reads `type` and `props`, so no
 * JSX and no React renderer are needed on the server). Dark, high-contrast, large type: the card
 * is often seen as a thumbnail a few hundred pixels wide.
 */

type Style = Record<string, string | number>;
type OgNode = { type: string; props: Record<string, unknown> };
type OgChild = OgNode | string | null | false;

/** Pictures a card draws, already read and made PNG data URIs (og-images.server.ts). */
export type CardPictures = {
  /** The site's configured logo, or null for a mark drawn from the name. */
  siteLogo: string | null;
  /** The tool's logo or the article's cover; null draws the monogram tile or no cover. */
  picture: string | null;
  /** The site card's second line. */
  siteTagline: string;
};

const COLORS = {
  background: "#0f172a",
  text: "#ffffff",
  muted: "#cbd5e1",
  accent: "#a5b4fc",
  panel: "#1e293b",
  star: "#fbbf24",
  starEmpty: "#475569",
};

const PADDING = 72;

function box(style: Style, ...children: OgChild[]): OgNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children: children.filter(Boolean) } };
}

/** Text cut after `lines` lines with an ellipsis (satori's line clamp needs a block). */
function text(content: string, style: Style, lines = 1): OgNode {
  return {
    type: "div",
    props: { style: { display: "block", lineClamp: lines, overflow: "hidden", ...style }, children: content },
  };
}

function image(src: string, width: number, height: number, style: Style = {}): OgNode {
  return { type: "img", props: { src, width, height, style: { width, height, objectFit: "cover", ...style } } };
}

/** A tile with a name's initials on the monogram's gradient, as the seeded logos draw it. */
function monogramTile(name: string, size: number, radius: number): OgNode {
  const hue = monogramHue(name);
  return box(
    {
      width: size,
      height: size,
      borderRadius: radius,
      alignItems: "center",
      justifyContent: "center",
      backgroundImage: `linear-gradient(135deg, hsl(${hue}, 70%, 45%), hsl(${(hue + 40) % 360}, 75%, 35%))`,
      color: COLORS.text,
      fontSize: Math.round(size * 0.4),
      fontWeight: 700,
    },
    monogramInitials(name),
  );
}

/** The site's logo and name, top left of every card. */
function siteHeader(siteName: string, siteLogo: string | null): OgNode {
  const mark = siteLogo
    ? image(siteLogo, 56, 56, { borderRadius: 12, objectFit: "contain" })
    : monogramTile(siteName, 56, 14);
  return box(
    { alignItems: "center", gap: 20 },
    mark,
    text(siteName, { fontSize: 34, fontWeight: 700, color: COLORS.text, maxWidth: 900 }),
  );
}

const STAR_PATH = "M12 1.8l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.9l-6.4 3.5L7 14.3l-5.3-5 7.2-.9z";

function star(size: number, fill: string): OgNode {
  return {
    type: "svg",
    props: {
      width: size,
      height: size,
      viewBox: "0 0 24 24",
      children: { type: "path", props: { d: STAR_PATH, fill } },
    },
  };
}

/** Five stars, the rating's share of them in colour (a partial star cut at its fraction). */
function stars(rating: number, size: number): OgNode {
  const row = (fill: string) => box({ gap: 6 }, ...Array.from({ length: 5 }, () => star(size, fill)));
  const filledWidth = Math.max(0, Math.min(5, rating)) * size + Math.floor(Math.max(0, Math.min(5, rating))) * 6;
  return box(
    { position: "relative", width: 5 * size + 4 * 6, height: size },
    row(COLORS.starEmpty),
    box(
      { position: "absolute", left: 0, top: 0, width: filledWidth, height: size, overflow: "hidden" },
      row(COLORS.star),
    ),
  );
}

function pill(label: string): OgNode {
  return box(
    { backgroundColor: COLORS.panel, borderRadius: 999, padding: "10px 28px" },
    text(label, { fontSize: 30, fontWeight: 700, color: COLORS.accent }),
  );
}

const ACCENT_BAR = 14;

/** The card's page: the accent bar on top, then the content inside fixed margins, first child at the top and last at the bottom. */
function frame(...children: OgChild[]): OgNode {
  // Sizes are explicit and the gutters are margins: satori adds a box's padding to the size it is given.
  return box(
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      flexDirection: "column",
      backgroundColor: COLORS.background,
      color: COLORS.text,
      fontFamily: OG_FONT_FAMILY,
    },
    box({ width: OG_IMAGE_WIDTH, height: ACCENT_BAR, backgroundColor: COLORS.accent }),
    box(
      {
        width: OG_IMAGE_WIDTH - 2 * PADDING,
        height: OG_IMAGE_HEIGHT - ACCENT_BAR - (PADDING - ACCENT_BAR) - PADDING,
        margin: `${PADDING - ACCENT_BAR}px ${PADDING}px ${PADDING}px`,
        flexDirection: "column",
        justifyContent: "space-between",
      },
      ...children,
    ),
  );
}

function toolCard(card: Extract<OgCard, { kind: "tool" }>, pictures: CardPictures): OgNode {
  const { tool } = card;
  const logo = pictures.picture
    ? image(pictures.picture, 220, 220, { borderRadius: 44, backgroundColor: "#ffffff" })
    : monogramTile(tool.name, 220, 44);
  const rated = tool.rating !== null && tool.voteCount > 0;
  return frame(
    siteHeader(card.siteName, pictures.siteLogo),
    box(
      { alignItems: "center", gap: 56 },
      logo,
      box(
        { flexDirection: "column", flex: 1, gap: 18 },
        text(tool.name, { fontSize: 80, fontWeight: 700, lineHeight: 1.05, maxWidth: 780 }, 2),
        tool.tagline && text(tool.tagline, { fontSize: 36, color: COLORS.muted, lineHeight: 1.3, maxWidth: 780 }, 3),
      ),
    ),
    box(
      { alignItems: "center", gap: 32 },
      pill(tool.category),
      rated && stars(tool.rating!, 40),
      rated &&
        text(`${formatRating(tool.rating)} · ${formatVoteCount(tool.voteCount)}`, {
          fontSize: 32,
          fontWeight: 700,
          color: COLORS.text,
        }),
    ),
  );
}

function articleCard(card: Extract<OgCard, { kind: "article" }>, pictures: CardPictures): OgNode {
  const { article } = card;
  const coverWidth = 440;
  const textWidth = OG_IMAGE_WIDTH - 2 * PADDING - (pictures.picture ? coverWidth : 0);
  const words = box(
    { flexDirection: "column", flex: 1, justifyContent: "center", gap: 28, maxWidth: textWidth },
    text("Article", {
      fontSize: 28,
      fontWeight: 700,
      color: COLORS.accent,
      textTransform: "uppercase",
      letterSpacing: 3,
    }),
    text(article.title, { fontSize: pictures.picture ? 60 : 72, fontWeight: 700, lineHeight: 1.12 }, 4),
    text(`By ${article.author} · ${formatDate(article.date)}`, { fontSize: 32, color: COLORS.muted }, 1),
  );
  const body = frame(siteHeader(card.siteName, pictures.siteLogo), words);
  if (!pictures.picture) return body;
  // The cover fills the right side from edge to edge; the words keep the left.
  return box(
    { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, position: "relative" },
    body,
    image(pictures.picture, coverWidth, OG_IMAGE_HEIGHT, { position: "absolute", right: 0, top: 0 }),
  );
}

/** A category's or a tag's card: a label, the name large, and what the page offers. */
function listCard(siteName: string, pictures: CardPictures, label: string, name: string): OgNode {
  return frame(
    siteHeader(siteName, pictures.siteLogo),
    box(
      { flexDirection: "column", flex: 1, justifyContent: "center", gap: 24 },
      text(label, {
        fontSize: 30,
        fontWeight: 700,
        color: COLORS.accent,
        textTransform: "uppercase",
        letterSpacing: 3,
      }),
      text(name, { fontSize: 112, fontWeight: 700, lineHeight: 1.05, maxWidth: OG_IMAGE_WIDTH - 2 * PADDING }, 2),
      text("AI tools compared and rated by the community", { fontSize: 38, color: COLORS.muted }, 2),
    ),
  );
}

function siteCard(siteName: string, pictures: CardPictures): OgNode {
  const mark = pictures.siteLogo
    ? image(pictures.siteLogo, 150, 150, { borderRadius: 28, objectFit: "contain" })
    : monogramTile(siteName, 150, 34);
  return frame(
    box(
      { flexDirection: "column", flex: 1, justifyContent: "center", gap: 32 },
      mark,
      text(siteName, { fontSize: 120, fontWeight: 700, lineHeight: 1.05, maxWidth: OG_IMAGE_WIDTH - 2 * PADDING }, 1),
      text(pictures.siteTagline, { fontSize: 40, color: COLORS.muted, lineHeight: 1.3, maxWidth: 1000 }, 3),
    ),
  );
}

/** The card's element tree, for satori. */
export function cardLayout(card: OgCard, pictures: CardPictures): ReactNode {
  const tree = (() => {
    switch (card.kind) {
      case "tool":
        return toolCard(card, pictures);
      case "article":
        return articleCard(card, pictures);
      case "category":
        return listCard(card.siteName, pictures, "Category", card.category);
      case "tag":
        return listCard(card.siteName, pictures, "Tag", card.tag.name);
      case "site":
        return siteCard(card.siteName, pictures);
    }
  })();
  // satori reads the same shape as a React element; the object is not one by type only.
  return tree as unknown as ReactNode;
}
