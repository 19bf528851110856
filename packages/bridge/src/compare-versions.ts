import { parseVersion, type ParsedVersion } from "./parse-version";

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function comparePrerelease(a: string | null, b: string | null): -1 | 0 | 1 {
  if (a === b) return 0;
  if (a === null) return 1; // a release is newer than its pre-releases
  if (b === null) return -1;
  const left = a.split(".");
  const right = b.split(".");
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNum = /^\d+$/.test(x);
    const yNum = /^\d+$/.test(y);
    if (xNum && yNum) {
      const d = sign(Number(x) - Number(y));
      if (d !== 0) return d;
    } else if (xNum !== yNum) {
      return xNum ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Semver order: -1 when a < b, 0 when equal, 1 when a > b. Anything unparsable orders as 0.0.0. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const zero: ParsedVersion = { major: 0, minor: 0, patch: 0, prerelease: null };
  const x = parseVersion(a) ?? zero;
  const y = parseVersion(b) ?? zero;
  return (
    sign(x.major - y.major) ||
    sign(x.minor - y.minor) ||
    sign(x.patch - y.patch) ||
    comparePrerelease(x.prerelease, y.prerelease)
  );
}
