/** Theme values of requirements.md §2. The header works in Black/White; saved preferences are Dark/Light. */
export type HeaderTheme = "Black" | "White";
type ThemePreference = "Dark" | "Light";

export const THEME_COOKIE = "theme";
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Pages always dark (requirements.md §2), matched by suffix of the path below the locale prefix. */
const DARK_ONLY_SUFFIXES = [
  "/vip/vipIntroduce",
  "/vip/detail",
  "/vip/vip-guide",
  "/affiliates/experience-card",
  "/vip-institutional-services",
  "/vip-institutional-services/pro",
  "/vip/new-coin-airdrop",
  "/broker",
  "/incubation-program",
  "/affiliates",
] as const;

const stripSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

export const isDarkOnlyPath = (pathname: string): boolean =>
  DARK_ONLY_SUFFIXES.some((suffix) => stripSlash(pathname).endsWith(suffix));

/** Reverse mapping: Black → Dark, everything else → Light. */
export const fromHeaderTheme = (theme: string | null | undefined): ThemePreference =>
  normalise(theme) === "Black" ? "Dark" : "Light";
/** Toggling switches between dark (black) and light (white). */
export const toggleTheme = (theme: HeaderTheme): HeaderTheme => (theme === "Black" ? "White" : "Black");

function normalise(value: string | null | undefined): string {
  if (!value) return "";
  const lower = value.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

interface ThemeInput {
  pathname: string;
  appTheme?: string | null;
  cookie?: string | null;
}

/** requirements.md §2: dark-only pages are Black; else `appTheme` (dark → Black, anything else → White); else the cookie; default White. */
export function resolveTheme({ pathname, appTheme, cookie }: ThemeInput): HeaderTheme {
  if (isDarkOnlyPath(pathname)) return "Black";
  if (appTheme !== null && appTheme !== undefined) return appTheme.toLowerCase() === "dark" ? "Black" : "White";
  // The cookie holds a preference (Dark/Light) or a header value (Black/White); both map the same way.
  const saved = normalise(cookie);
  return saved === "Dark" || saved === "Black" ? "Black" : "White";
}
