import type { Clock, TimerHandle } from "@affiliates/contracts";
import type { DocumentLike } from "./environment";

interface RefreshScheduleOptions {
  clock: Clock;
  doc: DocumentLike;
  /** When the next refresh is due (ms timestamp). */
  dueAt: () => number;
  /** Takes over another tab's fresh token, if there is one. */
  adoptStored: () => void;
  /** Starts a refresh (which calls schedule() when it ends). */
  refresh: () => void;
  isRefreshing: () => boolean;
}

/** The refresh loop: one timer for the next due refresh, armed only while started and visible. */
export interface RefreshSchedule {
  /** Listens for visibility and refreshes when due. Idempotent. */
  start(): void;
  stop(): void;
  /** Arms the one timer for when the next refresh is due. Nothing while stopped, hidden or refreshing. */
  schedule(): void;
  /** Refreshes when due (adopting another tab's fresh token otherwise), then re-arms. */
  tick(): void;
}

export function createRefreshSchedule(options: RefreshScheduleOptions): RefreshSchedule {
  const { clock, doc } = options;
  let started = false;
  let timer: TimerHandle = undefined;
  let timerArmed = false;

  const visible = () => doc.visibilityState === "visible";

  function clearTimer(): void {
    if (timerArmed) clock.clearTimeout(timer);
    timerArmed = false;
  }

  function schedule(): void {
    clearTimer();
    if (!started || !visible() || options.isRefreshing()) return;
    const delay = Math.max(0, options.dueAt() - clock.now());
    timerArmed = true;
    timer = clock.setTimeout(() => {
      timerArmed = false;
      tick();
    }, delay);
  }

  function tick(): void {
    if (!started) return;
    options.adoptStored();
    if (clock.now() >= options.dueAt()) options.refresh();
    else schedule();
  }

  function onVisibilityChange(): void {
    if (visible()) tick();
    else clearTimer();
  }

  return {
    start() {
      if (started) return;
      started = true;
      doc.addEventListener("visibilitychange", onVisibilityChange);
      if (visible()) tick();
      else options.adoptStored();
    },
    stop() {
      if (!started) return;
      started = false;
      clearTimer();
      doc.removeEventListener("visibilitychange", onVisibilityChange);
    },
    schedule,
    tick,
  };
}
