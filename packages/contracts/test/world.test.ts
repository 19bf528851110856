import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultStorage, memoryStorage, systemClock, withTimeout } from "../src/world";

describe("memoryStorage and defaultStorage", () => {
  it("keeps strings in memory, seeded from the initial entries", () => {
    const storage = memoryStorage({ a: "1" });
    storage.setItem("b", "2");
    storage.removeItem("a");
    expect([storage.getItem("a"), storage.getItem("b"), storage.size]).toEqual([null, "2", 1]);
  });

  it("falls back to memory where localStorage throws", () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new Error("denied");
      },
    });
    try {
      const storage = defaultStorage();
      storage.setItem("k", "v");
      expect(storage.getItem("k")).toBe("v");
    } finally {
      if (original) Object.defineProperty(globalThis, "localStorage", original);
      else Reflect.deleteProperty(globalThis, "localStorage");
    }
  });
});

describe("withTimeout", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("settles with the work's result and clears its timer", async () => {
    vi.useFakeTimers();
    await expect(
      withTimeout(
        systemClock,
        1000,
        () => new Error("late"),
        () => Promise.resolve(7),
      ),
    ).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the work's own rejection through", async () => {
    vi.useFakeTimers();
    await expect(
      withTimeout(
        systemClock,
        1000,
        () => new Error("late"),
        () => Promise.reject(new Error("boom")),
      ),
    ).rejects.toThrow("boom");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with onTimeout's error after ms and aborts the work's signal", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const result = withTimeout(
      systemClock,
      1000,
      () => new Error("late"),
      (s) => {
        signal = s;
        return new Promise<never>(() => undefined);
      },
    );
    const settled = expect(result).rejects.toThrow("late");
    await vi.advanceTimersByTimeAsync(999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(signal?.aborted).toBe(true);
  });
});
