import type { DomainConfig } from "@affiliates/contracts";

/**
 * Image host choice (requirements.md §7): each candidate host of the domain config is probed by loading a small image from it;
 * the fastest is stored locally and remote images are served from it. The probe never blocks rendering and is
 * skipped while the stored choice is fresh.
 */
export const IMAGE_HOST_KEY = "image_host";
export const IMAGE_HOST_FRESH_MS = 24 * 60 * 60 * 1000;
export const PROBE_TIMEOUT_MS = 5_000;
/** The small image every image host serves for probing. */
export const PROBE_PATH = "/affiliates/static/probe.gif";

export interface StoredHost {
  host: string;
  chosenAt: number;
}

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Loads `url` as an image; resolves the time it took, rejects on error or time-out. */
export type ProbeImage = (url: string, timeoutMs: number) => Promise<number>;

export function readStoredHost(storage: Storage, now: number): StoredHost | null {
  try {
    const stored = JSON.parse(storage.getItem(IMAGE_HOST_KEY) ?? "null") as StoredHost | null;
    return stored && typeof stored.host === "string" && now - stored.chosenAt < IMAGE_HOST_FRESH_MS ? stored : null;
  } catch {
    return null;
  }
}

/** Candidates: the foreign hosts first, then the internal ones, without duplicates. */
export const candidateHosts = (config: DomainConfig): string[] => [
  ...new Set(
    [...config.imgDomainConfig.foreignDomainList, ...config.imgDomainConfig.internalDomainList].map((h) =>
      h.replace(/\/+$/, ""),
    ),
  ),
];

/**
 * The hosts the page's own CSP lets it load images from (img-src `'self' data: blob: https:`, lib/csp.ts): its own
 * origin and any https host. Probing another is refused by the browser and only logs a console error.
 */
export function probeableHosts(hosts: readonly string[], pageOrigin: string): string[] {
  return hosts.filter((host) => {
    try {
      const url = new URL(host);
      return url.origin === pageOrigin || url.protocol === "https:";
    } catch {
      return false;
    }
  });
}

export interface ChooseOptions {
  loadConfig: () => Promise<DomainConfig>;
  probe: ProbeImage;
  storage: Storage;
  /** The page's origin (`location.origin`): decides which hosts its CSP allows. */
  pageOrigin: string;
  now?: () => number;
}

/**
 * Returns the fresh stored host, or probes every candidate the page may load images from in parallel and stores the
 * fastest that answered.
 */
export async function chooseImageHost({
  loadConfig,
  probe,
  storage,
  pageOrigin,
  now = Date.now,
}: ChooseOptions): Promise<string | null> {
  const fresh = readStoredHost(storage, now());
  if (fresh && probeableHosts([fresh.host], pageOrigin).length) return fresh.host;
  const hosts = probeableHosts(candidateHosts(await loadConfig()), pageOrigin);
  const timings = await Promise.all(
    hosts.map((host) =>
      probe(`${host}${PROBE_PATH}?t=${now()}`, PROBE_TIMEOUT_MS).then(
        (ms) => ({ host, ms }),
        () => null,
      ),
    ),
  );
  const fastest = timings.filter((t): t is { host: string; ms: number } => t !== null).sort((a, b) => a.ms - b.ms)[0];
  if (!fastest) return null;
  try {
    storage.setItem(IMAGE_HOST_KEY, JSON.stringify({ host: fastest.host, chosenAt: now() } satisfies StoredHost));
  } catch {
    // a full storage only means probing again next time
  }
  return fastest.host;
}

/** The browser's probe: an Image element, timed with performance.now. */
export const browserProbe: ProbeImage = (url, timeoutMs) =>
  new Promise((resolve, reject) => {
    const image = new Image();
    const started = performance.now();
    const timer = window.setTimeout(() => {
      image.src = "";
      reject(new Error("probe timed out"));
    }, timeoutMs);
    image.onload = () => {
      window.clearTimeout(timer);
      resolve(performance.now() - started);
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error("probe failed"));
    };
    image.src = url;
  });
