/**
 * The slices of the browser the SDK touches, as small structural types: tests pass fakes, browsers the real objects
 * (architecture.md "Inject the world").
 */
import type { Clock } from "@affiliates/contracts";

/** The clock the SDK uses (the shared `Clock` of @affiliates/contracts, less the one-shot timers it does not need). */
export type ClockLike = Pick<Clock, "now" | "setInterval" | "clearInterval">;

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface DocumentLike extends EventTargetLike {
  title: string;
  referrer: string;
  /** "visible" | "hidden" in browsers. */
  readonly visibilityState?: string;
  cookie?: string;
}

export interface LocationLike {
  href: string;
  host: string;
  pathname: string;
  search: string;
}

export interface NavigatorLike {
  userAgent: string;
  language?: string;
  onLine?: boolean;
  connection?: { effectiveType?: string; type?: string };
}

export interface ScreenLike {
  width: number;
  height: number;
}

export interface ConsoleLike {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface ResponseLike {
  ok: boolean;
  status: number;
  /** Read for `Retry-After`; optional so minimal fakes need not provide it. */
  headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export interface FetchInit {
  method: "POST";
  headers: Record<string, string>;
  body: string;
  keepalive?: boolean;
  credentials?: "same-origin" | "include" | "omit";
}

export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;
export type SendBeaconLike = (url: string, data: Blob) => boolean;

/** A browser global, or undefined where there is none (server rendering, tests): the DOM typings claim they always exist. */
export function browserGlobal<T>(
  name: "document" | "window" | "location" | "navigator" | "screen" | "history",
): T | undefined {
  return (globalThis as unknown as Record<string, T | undefined>)[name];
}
