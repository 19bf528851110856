// Its own module: the web detects the app from its version on every page, without the comparison (issue 36's JS).
export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease: string | null;
}

const VERSION_PATTERN = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Parses `2.60.0`, `2.60`, `2.60.0-beta.1`; null when it is not a version. Missing parts count as 0. */
export function parseVersion(version: string | null | undefined): ParsedVersion | null {
  if (typeof version !== "string") return null;
  const match = VERSION_PATTERN.exec(version.trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2] ?? 0),
    patch: Number(match[3] ?? 0),
    prerelease: match[4] ?? null,
  };
}
