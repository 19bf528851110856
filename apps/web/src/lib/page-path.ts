import { parseProductPath } from "@affiliates/locales";

const INTERNAL = /^\/[^/]+\/(?:black|white)(?:-app)?\/affiliates(\/.*)?$/;

/** The page path below /affiliates of either a public URL path or the proxy's internal route path. */
export function pageFromPathname(pathname: string): string {
  const internal = INTERNAL.exec(pathname);
  if (internal) return (internal[1] ?? "").replace(/\/+$/, "");
  return parseProductPath(pathname)?.page ?? "";
}
