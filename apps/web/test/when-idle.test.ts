import { describe, expect, it, vi } from "vitest";
import { whenIdle } from "../src/lib/when-idle";

describe("whenIdle (work the first view does not need waits for an idle main thread)", () => {
  it("uses requestIdleCallback with the time-out, and cancels through cancelIdleCallback", () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    const task = vi.fn();
    const cancel = whenIdle(task, {
      timeoutMs: 3_000,
      win: { requestIdleCallback, cancelIdleCallback } as unknown as Window,
    });
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 3_000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(task).not.toHaveBeenCalled();
  });

  it("falls back to a timer where requestIdleCallback is missing (older WebViews)", () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const win = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout } as unknown as Window;
    whenIdle(task, { fallbackMs: 500, win });
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled, { fallbackMs: 500, win })();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
