/**
 * Runs `task` in a task of its own once the browser has painted the current frame: what an input shows at once (a
 * pressed button, a focus ring) reaches the screen before work it starts, which is what Interaction to Next Paint
 * measures (web.dev's "yield to the main thread"). A hidden page paints no frames, so there a timer alone stands in.
 */
export function afterNextPaint(task: () => void, win: Window = window): void {
  if (win.document.visibilityState === "hidden" || typeof win.requestAnimationFrame !== "function") {
    win.setTimeout(task, 0);
    return;
  }
  win.requestAnimationFrame(() => win.setTimeout(task, 0));
}
