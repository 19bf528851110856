import { vi } from "vitest";
import type { StorageLike } from "@affiliates/contracts";
import {
  createAnalytics,
  type AnalyticsEvent,
  type AnalyticsOptions,
  type FetchInit,
  type ResponseLike,
} from "../src/index";
import { parseUserAgent } from "../src/user-agent";

export const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
export const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A manual clock: `advance(ms)` runs the interval callbacks that fall due. */
export function createFakeClock(start = Date.UTC(2026, 0, 15, 8, 0, 0)) {
  let now = start;
  let nextId = 1;
  const intervals = new Map<number, { callback: () => void; ms: number; next: number }>();
  return {
    now: () => now,
    setInterval(callback: () => void, ms: number): unknown {
      const id = nextId++;
      intervals.set(id, { callback, ms, next: now + ms });
      return id;
    },
    clearInterval(handle: unknown): void {
      intervals.delete(handle as number);
    },
    advance(ms: number): void {
      const end = now + ms;
      for (;;) {
        let due: { callback: () => void; ms: number; next: number } | undefined;
        for (const timer of intervals.values()) if (timer.next <= end && (!due || timer.next < due.next)) due = timer;
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.callback();
      }
      now = end;
    },
    get intervalCount() {
      return intervals.size;
    },
  };
}

/** A Map storage that can be made full (setItem throws QuotaExceededError above `quotaChars`). */
export function createFakeStorage(quotaChars = Infinity) {
  const map = new Map<string, string>();
  const storage = {
    quotaChars,
    writes: 0,
    getItem: (key: string) => map.get(key) ?? null,
    setItem(key: string, value: string) {
      let size = value.length;
      for (const [k, v] of map) if (k !== key) size += v.length;
      if (size > storage.quotaChars) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      storage.writes += 1;
      map.set(key, value);
    },
    removeItem: (key: string) => void map.delete(key),
    map,
  } satisfies StorageLike & Record<string, unknown>;
  return storage;
}

export function createFakeTarget() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener(type: string, listener: () => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
    },
    dispatch(type: string) {
      for (const listener of [...(listeners.get(type) ?? [])]) listener();
    },
    count: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

export function createFakeDocument() {
  const target = createFakeTarget();
  const fields: { title: string; referrer: string; visibilityState: string; cookie: string } = {
    title: "Affiliates",
    referrer: "https://search.example/?q=exchange",
    visibilityState: "visible",
    cookie: "",
  };
  const document = Object.assign(target, fields, {
    hide() {
      document.visibilityState = "hidden";
      target.dispatch("visibilitychange");
    },
    show() {
      document.visibilityState = "visible";
      target.dispatch("visibilitychange");
    },
  });
  return document;
}

export function createFakeLocation(href = "https://www.example.com/affiliates?pfb=abc123&qr_val=QR9") {
  const location = {
    href,
    host: "",
    pathname: "",
    search: "",
    set(url: string) {
      const parsed = new URL(url);
      location.href = parsed.href;
      location.host = parsed.host;
      location.pathname = parsed.pathname;
      location.search = parsed.search;
    },
  };
  location.set(href);
  return location;
}

export interface FakeCall {
  url: string;
  init: FetchInit;
  events: AnalyticsEvent[];
}

/** A JSON answer; `headers` (e.g. `{ "Retry-After": "7" }`) are read case-insensitively, as `Headers` does. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}): ResponseLike => {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => byName.get(name.toLowerCase()) ?? null },
    json: () => Promise.resolve(body),
  };
};

export const okEnvelope = (data: unknown) => jsonResponse(200, { code: "00000", msg: "success", data });

/**
 * A fake fetch: the config call answers `switchOn` (or `configFails`), report calls answer `reportAnswer()`
 * (default success) and are recorded with their parsed events.
 */
export function createFakeFetch(options: { switchOn?: boolean; configFails?: boolean } = {}) {
  const reports: FakeCall[] = [];
  const configCalls: FakeCall[] = [];
  const state = {
    reports,
    configCalls,
    reportAnswer: (): Promise<ResponseLike> =>
      Promise.resolve(okEnvelope({ accepted: 0, duplicates: 0, rejected: [] })),
  };
  const fetch = vi.fn((url: string, init: FetchInit): Promise<ResponseLike> => {
    if (url.includes("clientCommonConfig")) {
      configCalls.push({ url, init, events: [] });
      if (options.configFails) return Promise.reject(new TypeError("Failed to fetch"));
      return Promise.resolve(
        okEnvelope({
          clientCommonConfig: { eventLogUploadSwitch: options.switchOn ?? true, userId: "" },
          localVo: { ip: "127.0.0.1" },
        }),
      );
    }
    reports.push({ url, init, events: JSON.parse(init.body) as AnalyticsEvent[] });
    return state.reportAnswer();
  });
  return Object.assign(state, { fetch });
}

/** Lets pending promise callbacks (fetch answers, json()) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

export function createWorld(
  overrides: Partial<AnalyticsOptions> & { fetchOptions?: { switchOn?: boolean; configFails?: boolean } } = {},
) {
  const clock = createFakeClock();
  const storage = createFakeStorage();
  const document = createFakeDocument();
  const window = createFakeTarget();
  const location = createFakeLocation();
  const fake = createFakeFetch(overrides.fetchOptions);
  const beacons: { url: string; data: Blob }[] = [];
  const sendBeacon = vi.fn((url: string, data: Blob) => {
    beacons.push({ url, data });
    return true;
  });
  const console = { warn: vi.fn(), error: vi.fn() };
  const navigator = { userAgent: WINDOWS_CHROME, language: "en-US", onLine: true, connection: { effectiveType: "4g" } };
  const options: AnalyticsOptions = {
    appId: "affiliates-web",
    appName: "affiliates",
    version: "1.2.3",
    logEnv: "test1",
    fetch: fake.fetch,
    sendBeacon,
    storage,
    clock,
    document,
    window,
    location,
    navigator,
    parsedUserAgent: parseUserAgent(navigator.userAgent),
    screen: { width: 1920, height: 1080 },
    console,
    random: () => 0.5,
    getDeviceId: () => "dev1",
    timezoneOffset: -480,
    ...overrides,
  };
  const make = (more: Partial<AnalyticsOptions> = {}) => createAnalytics({ ...options, ...more });
  return { clock, storage, document, window, location, fake, beacons, sendBeacon, console, navigator, options, make };
}

export async function beaconEvents(beacon: { data: Blob }): Promise<AnalyticsEvent[]> {
  return JSON.parse(await beacon.data.text()) as AnalyticsEvent[];
}
