import { isSuccessCode } from "@affiliates/contracts";
import { ANALYTICS_LIMITS } from "./constants";
import { nested } from "./send";
import type { ClockLike, ConsoleLike, DocumentLike, EventTargetLike, FetchLike } from "./world";

interface UploadSwitchOptions {
  /** Undefined where there is no fetch: uploading is disabled then. */
  fetchImpl: FetchLike | undefined;
  configUrl: string;
  deviceId: string;
  log: ConsoleLike;
  /** Told the switch once it is known (synchronously, before the returned promise resolves). */
  onSwitch: (enabled: boolean) => void;
}

/** Asks clientCommonConfig whether events may be uploaded (`eventLogUploadSwitch`); anything but a clear yes is a no. */
export async function loadUploadSwitch(options: UploadSwitchOptions): Promise<void> {
  const { fetchImpl, onSwitch } = options;
  if (!fetchImpl) {
    onSwitch(false);
    return;
  }
  try {
    const response = await fetchImpl(options.configUrl, {
      method: "POST",
      headers: { "content-type": "application/json", DeviceId: options.deviceId },
      body: "{}",
      credentials: "same-origin",
    });
    const body: unknown = await response.json();
    const code = nested(body, "code");
    onSwitch(
      response.ok &&
        typeof code === "string" &&
        isSuccessCode(code) &&
        nested(body, "data", "clientCommonConfig", "eventLogUploadSwitch") === true,
    );
  } catch (error) {
    onSwitch(false);
    options.log.warn("[analytics] clientCommonConfig failed: uploading is disabled", error);
  }
}

interface LifecycleOptions {
  clock: ClockLike;
  document: DocumentLike;
  /** Where `pagehide` / `pageshow` fire. */
  win: EventTargetLike;
  /** One step of the delivery loop. */
  tick: () => void;
  /** The page is being hidden or left. */
  flushByBeacon: () => void;
  /** Loads the upload switch; `start()` resolves with it. */
  loadConfig: () => Promise<void>;
}

interface Lifecycle {
  start(): Promise<void>;
  /** Stops the loop and removes the listeners. */
  stop(): void;
  /** Between `start()` and `stop()`. */
  readonly running: boolean;
  /** Between a `pagehide` and the next `pageshow`. */
  readonly leaving: boolean;
}

/** The 500 ms delivery loop and the page's hide/leave listeners, with the config call started alongside. */
export function createLifecycle(options: LifecycleOptions): Lifecycle {
  const { clock, document, win, tick, flushByBeacon } = options;
  let leaving = false;
  let timer: unknown = null;
  let started: Promise<void> | null = null;

  const onVisibility = (): void => {
    if (document.visibilityState === "hidden") flushByBeacon();
  };
  const onPageHide = (): void => {
    leaving = true;
    flushByBeacon();
  };
  const onPageShow = (): void => {
    leaving = false;
  };

  return {
    start() {
      if (started) return started;
      timer = clock.setInterval(tick, ANALYTICS_LIMITS.loopMs);
      document.addEventListener("visibilitychange", onVisibility);
      win.addEventListener("pagehide", onPageHide);
      win.addEventListener("pageshow", onPageShow);
      started = options.loadConfig();
      return started;
    },
    stop() {
      if (timer !== null) clock.clearInterval(timer);
      timer = null;
      started = null;
      document.removeEventListener("visibilitychange", onVisibility);
      win.removeEventListener("pagehide", onPageHide);
      win.removeEventListener("pageshow", onPageShow);
    },
    get running() {
      return timer !== null;
    },
    get leaving() {
      return leaving;
    },
  };
}
