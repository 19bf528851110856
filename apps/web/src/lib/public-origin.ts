/** The origin (scheme, host, port) of a URL, or null when it is not an http(s) URL. */
export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** PUBLIC_ORIGIN as the server sees it at run time (never at build: see runtime-config.ts), else localhost:PORT. */
export const serverPublicOrigin = (env: Record<string, string | undefined> = process.env): string =>
  originOf(env.PUBLIC_ORIGIN) ?? `http://localhost:${env.PORT ?? "3000"}`;

/** The product's public origin: the browser's own, or PUBLIC_ORIGIN on the server. */
export const publicOrigin = (): string =>
  typeof window !== "undefined" ? window.location.origin : serverPublicOrigin();
