import { isSafeUrl } from "./is-safe-url";
import { defaultWarn, describeValue, type Warn } from "./safe-attribute";

/** What is done to a window `open` returned: only its `opener` is touched. */
interface OpenedWindow {
  opener: unknown;
}

export type OpenFunction<W extends OpenedWindow> = (url: string, target: string, features?: string) => W | null;

interface OpenWindowOptions<W extends OpenedWindow> {
  /** Browsing-context name; `_blank` by default. */
  target?: string;
  /** The current page; `window.location` by default. */
  location?: Pick<Location, "href" | "origin">;
  /** `window.open` by default. */
  open?: OpenFunction<W>;
  warn?: Warn;
}

/** Features passed to `window.open` for a cross-origin target: no `window.opener`, no `Referer`. */
export const CROSS_ORIGIN_FEATURES = "noopener,noreferrer";

/**
 * Whether `url`, resolved against `base` (a page URL or an origin), belongs to
 * another origin than `origin`. Values that cannot be resolved count as
 * cross-origin (the safe side). Schemes without an origin (`mailto:`, app
 * schemes) are cross-origin too.
 */
export function isCrossOrigin(url: string, origin: string, base: string = origin): boolean {
  try {
    return new URL(url, base).origin !== origin;
  } catch {
    return true;
  }
}

function browserLocation(): Pick<Location, "href" | "origin"> | undefined {
  return typeof window === "undefined" ? undefined : window.location;
}

function browserOpen(): OpenFunction<Window> | undefined {
  if (typeof window === "undefined" || typeof window.open !== "function") return undefined;
  return (url, target, features) => window.open(url, target, features);
}

/**
 * Opens `url` in a new browsing context (requirements.md §5).
 * - Unsafe URLs ({@link isSafeUrl}) are refused: a warning, `open` is not called, null is returned.
 * - Cross-origin targets get `noopener,noreferrer`, and if the browser still
 *   returns a window (older browsers ignore the feature) its `opener` is nulled.
 *   Browsers that honour `noopener` return null from `window.open`.
 * - Same-origin targets open normally and the window is returned.
 * Without a window (server rendering) nothing is opened and null is returned.
 */
export function openWindow<W extends OpenedWindow = Window>(
  url: unknown,
  options: OpenWindowOptions<W> = {},
): W | Window | null {
  const warn = options.warn ?? defaultWarn;
  if (typeof url !== "string" || !isSafeUrl(url)) {
    warn(`[safety] refused to open unsafe URL: ${describeValue(url)}`);
    return null;
  }
  const open: OpenFunction<W | Window> | undefined = options.open ?? browserOpen();
  const location = options.location ?? browserLocation();
  if (open === undefined) return null;
  const target = options.target ?? "_blank";
  const crossOrigin = location === undefined || isCrossOrigin(url, location.origin, location.href);
  if (!crossOrigin) return open(url, target);
  const opened = open(url, target, CROSS_ORIGIN_FEATURES);
  if (opened !== null) {
    try {
      opened.opener = null;
    } catch {
      // Some embedders make `opener` read-only; noopener already applies there.
    }
  }
  return opened;
}
