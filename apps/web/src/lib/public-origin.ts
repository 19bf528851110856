/** The product's public origin: the browser's own, or PUBLIC_ORIGIN on the server. */
export const publicOrigin = (): string =>
  typeof window !== "undefined" ? window.location.origin : (process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? "3000"}`);
