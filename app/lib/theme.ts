export type Theme = "light" | "dark" | "system";

export const THEME_COOKIE = "theme";

export function readTheme(cookieHeader: string | null): Theme {
  const match = /(?:^|;\s*)theme=(light|dark|system)(?:;|$)/.exec(cookieHeader ?? "");
  return (match?.[1] as Theme | undefined) ?? "system";
}
