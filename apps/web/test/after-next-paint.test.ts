import { describe, expect, it, vi } from "vitest";
import { afterNextPaint } from "../src/lib/after-next-paint";

/** A window whose frames and timers run when the test says so. */
function fakeWindow(visibilityState: DocumentVisibilityState = "visible") {
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const win = {
    document: { visibilityState },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  } as unknown as Window;
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return { win, paint: () => run(frames), tick: () => run(timers) };
}

describe("afterNextPaint (work an input starts waits until its frame is on the screen)", () => {
  it("runs the task in a task of its own after the next frame, not in the frame", () => {
    const { win, paint, tick } = fakeWindow();
    const task = vi.fn();
    afterNextPaint(task, win);
    tick();
    expect(task).not.toHaveBeenCalled();
    paint();
    expect(task).not.toHaveBeenCalled();
    tick();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("does not wait for a frame on a hidden page, which paints none", () => {
    const { win, tick } = fakeWindow("hidden");
    const task = vi.fn();
    afterNextPaint(task, win);
    tick();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
