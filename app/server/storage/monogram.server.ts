/** Initials of a name: "Stable Diffusion" -> "SD", "ChatGPT" -> "CH", "DALL·E 3" -> "DE". */
export function monogramInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const [first, second] = words;
  if (!first) return "?";
  const initials = second ? first[0]! + second[0]! : first.slice(0, 2);
  return initials.toUpperCase();
}

/** The hue of a name's monogram, the same for the same name wherever it is drawn. */
export function monogramHue(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);

/** A square logo drawn from the name, so the demo catalogue needs no network. */
export function monogramSvg(name: string): string {
  const hue = monogramHue(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 75% 35%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="256" height="256" rx="48" fill="url(#g)"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="104" font-weight="700" fill="#fff">${escapeXml(monogramInitials(name))}</text>`,
    `</svg>`,
  ].join("");
}
