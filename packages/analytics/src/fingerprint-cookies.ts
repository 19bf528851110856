import { ANALYTICS_LIMITS } from "./constants";

interface PruneFingerprintCookiesOptions {
  /** Needs a readable and writable `cookie`. */
  document: { cookie?: string };
  /** Which cookies are fingerprint cookies; by default names starting with `fp_` or `_fp`. */
  isFingerprintCookie?: (name: string) => boolean;
  max?: number;
  path?: string;
  domain?: string;
}

const defaultIsFingerprint = (name: string): boolean => /^(fp_|_fp)/.test(name);

/**
 * Keeps at most `max` (10, spec §9) fingerprint cookies: the extra ones, the first listed (browsers list older
 * cookies of a path first), are expired. Returns the names removed.
 */
export function pruneFingerprintCookies(options: PruneFingerprintCookiesOptions): string[] {
  const {
    document,
    isFingerprintCookie = defaultIsFingerprint,
    max = ANALYTICS_LIMITS.maxFingerprintCookies,
    path = "/",
  } = options;
  const names = (document.cookie ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name !== "" && isFingerprintCookie(name));
  const unique = [...new Set(names)];
  const excess = unique.slice(0, Math.max(0, unique.length - max));
  for (const name of excess) {
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${options.domain ? `; domain=${options.domain}` : ""}`;
  }
  return excess;
}
