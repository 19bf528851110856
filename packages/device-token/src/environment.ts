/**
 * The world the device-token code touches, injected with browser defaults (design: "Inject the world"); storage and
 * clock are the shared ones of @affiliates/contracts.
 */

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAgeSeconds: number }): void;
  remove(name: string): void;
}

export interface DocumentLike {
  readonly visibilityState: string;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
}

/** Cookies over `document.cookie`: path=/, SameSite=Lax, Secure on https. */
export function documentCookies(
  doc: Pick<Document, "cookie"> | undefined = globalThis.document,
  secure = globalThis.location?.protocol === "https:",
): CookieJar {
  return {
    get(name) {
      if (!doc) return undefined;
      for (const part of doc.cookie.split(";")) {
        const index = part.indexOf("=");
        if (index < 0) continue;
        if (part.slice(0, index).trim() !== name) continue;
        const raw = part.slice(index + 1).trim();
        try {
          return decodeURIComponent(raw);
        } catch {
          return raw;
        }
      }
      return undefined;
    },
    set(name, value, { maxAgeSeconds }) {
      if (!doc) return;
      doc.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
    remove(name) {
      if (!doc) return;
      doc.cookie = `${name}=; max-age=0; path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    },
  };
}

/** A document that is always visible: the stand-in outside browsers. */
export const alwaysVisibleDocument: DocumentLike = {
  visibilityState: "visible",
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
};
