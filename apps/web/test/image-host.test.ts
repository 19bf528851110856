import { describe, expect, it, vi } from "vitest";
import { candidateHosts, chooseImageHost, IMAGE_HOST_FRESH_MS, IMAGE_HOST_KEY, PROBE_PATH, readStoredHost } from "../src/lib/image-host";

const config = {
  imgDomainConfig: { foreignDomainList: ["https://a.example/", "https://b.example"], internalDomainList: ["https://c.example", "https://a.example"] },
};
const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
};

describe("image host choice (spec §7)", () => {
  it("lists each candidate once, foreign hosts first", () => {
    expect(candidateHosts(config)).toEqual(["https://a.example", "https://b.example", "https://c.example"]);
  });

  it("probes every host and stores the fastest that answered", async () => {
    const storage = memory();
    const timings: Record<string, number | Error> = { "https://a.example": 80, "https://b.example": 20, "https://c.example": new Error("down") };
    const probe = vi.fn((url: string) => {
      const host = new URL(url).origin;
      const t = timings[host];
      return t instanceof Error ? Promise.reject(t) : Promise.resolve(t ?? 999);
    });
    const host = await chooseImageHost({ loadConfig: () => Promise.resolve(config), probe, storage, now: () => 1_000 });
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
    expect(await chooseImageHost({ loadConfig, probe, storage, now: () => IMAGE_HOST_FRESH_MS - 1 })).toBe("https://c.example");
    expect(probe).not.toHaveBeenCalled();
    expect(loadConfig).not.toHaveBeenCalled();
    expect(await chooseImageHost({ loadConfig, probe, storage, now: () => IMAGE_HOST_FRESH_MS })).toBe("https://a.example");
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it("gives null when no host answers, and ignores a corrupt stored value", async () => {
    const storage = memory();
    storage.setItem(IMAGE_HOST_KEY, "{not json");
    expect(readStoredHost(storage, 0)).toBeNull();
    const host = await chooseImageHost({ loadConfig: () => Promise.resolve(config), probe: () => Promise.reject(new Error("x")), storage });
    expect(host).toBeNull();
  });
});
