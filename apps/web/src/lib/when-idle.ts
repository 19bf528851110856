/**
 * Runs `task` once the main thread is idle (requestIdleCallback, at the latest after `timeoutMs`), so work the first
 * view does not need never competes with rendering it. Some WebViews (older Safari) lack
 * requestIdleCallback: a timer stands in. Returns a function that cancels the task.
 */
export function whenIdle(
  task: () => void,
  {
    timeoutMs = 5_000,
    fallbackMs = 1_000,
    win = window,
  }: { timeoutMs?: number; fallbackMs?: number; win?: Window } = {},
): () => void {
  if (typeof win.requestIdleCallback === "function") {
    const handle = win.requestIdleCallback(task, { timeout: timeoutMs });
    return () => win.cancelIdleCallback(handle);
  }
  const handle = win.setTimeout(task, fallbackMs);
  return () => win.clearTimeout(handle);
}
