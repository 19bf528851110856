import { describe, expect, it, vi } from "vitest";
import {
  candidateHosts,
  chooseImageHost,
  IMAGE_HOST_FRESH_MS,
  IMAGE_HOST_KEY,
  PROBE_PATH,
  probeableHosts,
  readStoredHost,
} from "../src/lib/image-host";

const config = {
  imgDomainConfig: {
    foreignDomainList: ["https://a.example/", "https://b.example"],
    internalDomainList: ["https://c.example", "https://a.example"],
  },
};
const PAGE = "https://partners.exchange.example";
const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
};

describe("image host choice (requirements.md §7)", () => {
  it("lists each candidate once, foreign hosts first", () => {
    expect(candidateHosts(config)).toEqual(["https://a.example", "https://b.example", "https://c.example"]);
  });

  it("probes every host and stores the fastest that answered", async () => {
    const storage = memory();
    const timings: Record<string, number | Error> = {
      "https://a.example": 80,
      "https://b.example": 20,
      "https://c.example": new Error("down"),
    };
    const probe = vi.fn((url: string) => {
      const host = new URL(url).origin;
      const t = timings[host];
      return t instanceof Error ? Promise.reject(t) : Promise.resolve(t ?? 999);
    });
    const host = await chooseImageHost({
      loadConfig: () => Promise.resolve(config),
      probe,
      storage,
      pageOrigin: PAGE,
      now: () => 1_000,
    });
    expect(host).toBe("https://b.example");
    expect(probe).toHaveBeenCalledTimes(3);
    expect(probe.mock.calls[0]?.[0]).toBe(`https://a.example${PROBE_PATH}?t=1000`);
    expect(JSON.parse(storage.items.get(IMAGE_HOST_KEY) ?? "")).toEqual({ host: "https://b.example", chosenAt: 1_000 });
  });

  it("skips probing while the stored choice is fresh, and probes again once it is stale", async () => {
    const storage = memory();
    storage.setItem(IMAGE_HOST_KEY, JSON.stringify({ host: "https://c.example", chosenAt: 0 }));
    const probe = vi.fn(() => Promise.resolve(5));
    const loadConfig = vi.fn(() => Promise.resolve(config));
    expect(
      await chooseImageHost({ loadConfig, probe, storage, pageOrigin: PAGE, now: () => IMAGE_HOST_FRESH_MS - 1 }),
    ).toBe("https://c.example");
    expect(probe).not.toHaveBeenCalled();
    expect(loadConfig).not.toHaveBeenCalled();
    expect(
      await chooseImageHost({ loadConfig, probe, storage, pageOrigin: PAGE, now: () => IMAGE_HOST_FRESH_MS }),
    ).toBe("https://a.example");
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it("gives null when no host answers, and ignores a corrupt stored value", async () => {
    const storage = memory();
    storage.setItem(IMAGE_HOST_KEY, "{not json");
    expect(readStoredHost(storage, 0)).toBeNull();
    const host = await chooseImageHost({
      loadConfig: () => Promise.resolve(config),
      probe: () => Promise.reject(new Error("x")),
      storage,
      pageOrigin: PAGE,
    });
    expect(host).toBeNull();
  });
});

describe("hosts the page's CSP allows (img-src 'self' data: blob: https:)", () => {
  const page = "http://127.0.0.1:3100";

  it("keeps the page's own origin and https hosts", () => {
    expect(probeableHosts(["http://127.0.0.1:3100", "https://img.example", "https://127.0.0.1:3100"], page)).toEqual([
      "http://127.0.0.1:3100",
      "https://img.example",
      "https://127.0.0.1:3100",
    ]);
  });

  it("skips http hosts on another origin, another name of the same host included, and malformed ones", () => {
    expect(
      probeableHosts(["http://localhost:3100", "http://127.0.0.1:3101", "http://img.example", "not a url", ""], page),
    ).toEqual([]);
  });

  it("probes only those: a refused host is never requested, and a stored one is not reused", async () => {
    const storage = memory();
    storage.setItem(IMAGE_HOST_KEY, JSON.stringify({ host: "http://localhost:3100", chosenAt: 0 }));
    const probe = vi.fn(() => Promise.resolve(5));
    const own = {
      imgDomainConfig: { foreignDomainList: ["http://localhost:3100"], internalDomainList: ["http://127.0.0.1:3100"] },
    };
    expect(
      await chooseImageHost({ loadConfig: () => Promise.resolve(own), probe, storage, pageOrigin: page, now: () => 1 }),
    ).toBe(page);
    expect(probe.mock.calls.map((c: unknown[]) => String(c[0]))).toEqual([`${page}${PROBE_PATH}?t=1`]);
  });

  it("gives null without probing when no candidate is allowed", async () => {
    const probe = vi.fn(() => Promise.resolve(5));
    const other = { imgDomainConfig: { foreignDomainList: ["http://localhost:3100"], internalDomainList: [] } };
    expect(
      await chooseImageHost({ loadConfig: () => Promise.resolve(other), probe, storage: memory(), pageOrigin: page }),
    ).toBeNull();
    expect(probe).not.toHaveBeenCalled();
  });
});
