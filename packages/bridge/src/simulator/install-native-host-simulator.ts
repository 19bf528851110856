/** A scripted answer `{code, data, msg}`, optionally after `delayMs`. */
export interface SimulatedResponse {
  code: string | number;
  data?: unknown;
  msg?: string;
  delayMs?: number;
}

/**
 * How the simulated app answers an action: a response, or
 * - `silence`: never calls back (the page times out),
 * - `malformed`: calls back with unreadable JSON text,
 * - `empty`: calls back with no response,
 * - `noCode`: calls back with `{data, msg}` but no code,
 * - `throw`: `postMessage` itself throws.
 */
export type NativeHostAnswer = SimulatedResponse | "silence" | "malformed" | "empty" | "noCode" | "throw";

export interface NativeHostConfig {
  platform: "android" | "ios";
  version: string;
  /** Per action (`openDeposit`), or per request path (`request:/v1/user/overview/userinfo`), which wins. */
  answers?: Record<string, NativeHostAnswer>;
  /** For anything not in `answers`; `{code: "00000", data: null, msg: "success"}` by default. */
  defaultAnswer?: NativeHostAnswer;
  /** Delay before every answer unless the answer has its own `delayMs`; 0 by default (still asynchronous). */
  delayMs?: number;
  /** Appends `ExchangeApp/<version>` (and a platform token) to `navigator.userAgent`; true by default. */
  patchUserAgent?: boolean;
}

/** One recorded web → app message. `raw` is kept when it could not be read. */
export interface NativeHostCall {
  id: string | null;
  action: string | null;
  params: unknown;
  at: number;
  raw?: string;
}

export interface NativeHostControl {
  readonly config: NativeHostConfig;
  readonly calls: NativeHostCall[];
  /** Fires `window.__exchangeBridgeEvent(name, payload)`; false when the page has not installed it. */
  emit(name: string, payload?: unknown): boolean;
  setAnswer(key: string, answer: NativeHostAnswer): void;
  /** Answers a call by id by hand (e.g. one that was left in silence). */
  respond(id: string, response: unknown): boolean;
  /** Forgets the recorded calls. */
  clearCalls(): void;
  /** What `copy` put on the simulated clipboard, last first. */
  readonly clipboard: string[];
  /** The images `saveImage` saved (`{image, fileName}`), in order. */
  readonly savedImages: { image: string; fileName: string | null }[];
  /** What `share` handed to the simulated share sheet, in order. */
  readonly shared: { text: string | null; url: string | null; image: string | null }[];
}

interface SimulatorWindow {
  setTimeout(callback: () => void, ms: number): unknown;
  location?: { origin: string };
  navigator?: { userAgent: string };
  ExchangeAppBridge?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: Record<string, { postMessage(message: string): void }> };
  __exchangeBridgeCallback?: (id: string, response?: unknown) => void;
  __exchangeBridgeEvent?: (name: string, payload: unknown) => void;
  __nativeHostCalls?: NativeHostCall[];
  __nativeHost?: NativeHostControl;
}

/**
 * Behaves as the exchange's app inside a page. Self-contained (it uses nothing but its arguments), so it
 * can be serialised with `Function.prototype.toString` into `page.addInitScript`, a bookmarklet or devtools.
 */
export function installNativeHostSimulator(win: object, config: NativeHostConfig): NativeHostControl {
  const w = win as SimulatorWindow;
  const answers: Record<string, NativeHostAnswer> = Object.assign({}, config.answers);
  const fallback: NativeHostAnswer = config.defaultAnswer ?? { code: "00000", data: null, msg: "success" };
  const calls: NativeHostCall[] = [];
  const clipboard: string[] = [];
  const savedImages: { image: string; fileName: string | null }[] = [];
  const shared: { text: string | null; url: string | null; image: string | null }[] = [];

  // What the app does with share, saveImage and copy when it answers success; a refusal (an image it cannot read)
  // comes back as code 40001, as the real app's would.
  const field = (params: unknown, key: string): string | null => {
    if (typeof params !== "object" || params === null) return null;
    const value = (params as Record<string, unknown>)[key];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const readableImage = (image: string | null): boolean => {
    if (image === null) return false;
    if (/^data:image\/(png|jpeg|webp);base64,/.test(image)) return true;
    const origin = w.location ? w.location.origin : "";
    return origin !== "" && (image.indexOf(origin + "/") === 0 || (image.charAt(0) === "/" && image.charAt(1) !== "/"));
  };
  const perform = (action: string | null, params: unknown): SimulatedResponse | null => {
    if (action === "copy") {
      const text = field(params, "text");
      if (text === null) return { code: "40001", msg: "nothing to copy" };
      clipboard.unshift(text);
    } else if (action === "saveImage") {
      const image = field(params, "image");
      if (!readableImage(image)) return { code: "40001", msg: "unsupported image" };
      savedImages.push({ image: image as string, fileName: field(params, "fileName") });
    } else if (action === "share") {
      const image = field(params, "image");
      if (image !== null && !readableImage(image)) return { code: "40001", msg: "unsupported image" };
      shared.push({ text: field(params, "text"), url: field(params, "url"), image });
    }
    return null;
  };

  const answerFor = (action: string | null, params: unknown): NativeHostAnswer => {
    if (action === "request" && typeof params === "object" && params !== null && "path" in params) {
      const byPath = answers["request:" + String(params.path)];
      if (byPath !== undefined) return byPath;
    }
    const byAction = action === null ? undefined : answers[action];
    return byAction !== undefined ? byAction : fallback;
  };

  const callBack = (id: string, hasResponse: boolean, response: unknown, delayMs: number): void => {
    w.setTimeout(() => {
      const callback = w.__exchangeBridgeCallback;
      if (typeof callback !== "function") return;
      if (hasResponse) callback(id, response);
      else callback(id);
    }, delayMs);
  };

  const postMessage = (message: string): void => {
    let id: string | null = null;
    let action: string | null = null;
    let params: unknown = undefined;
    let readable = false;
    try {
      const parsed: unknown = JSON.parse(message);
      if (typeof parsed === "object" && parsed !== null) {
        if ("id" in parsed) id = String(parsed.id);
        if ("action" in parsed && typeof parsed.action === "string") action = parsed.action;
        if ("params" in parsed) params = parsed.params;
        readable = true;
      }
    } catch {
      readable = false;
    }
    const call: NativeHostCall = { id, action, params, at: Date.now() };
    if (!readable) call.raw = message;
    calls.push(call);
    if (id === null) return;
    let answer = answerFor(action, params);
    const delay = typeof config.delayMs === "number" ? config.delayMs : 0;
    if (answer === "throw") throw new Error("Simulated native postMessage failure");
    if (answer === "silence") return;
    if (answer === "malformed") callBack(id, true, '{"code":"00000","data":', delay);
    else if (answer === "empty") callBack(id, false, undefined, delay);
    else if (answer === "noCode") callBack(id, true, { data: null, msg: "no code" }, delay);
    else {
      const success = String(answer.code) === "00000" || String(answer.code) === "200";
      const refused = success ? perform(action, params) : null;
      if (refused) answer = refused;
      const response: Record<string, unknown> = { code: answer.code };
      if ("data" in answer) response.data = answer.data;
      if ("msg" in answer) response.msg = answer.msg;
      callBack(id, true, response, typeof answer.delayMs === "number" ? answer.delayMs : delay);
    }
  };

  const native = { postMessage };
  if (config.platform === "ios") {
    const webkit = w.webkit || {};
    webkit.messageHandlers = Object.assign({}, webkit.messageHandlers, { ExchangeAppBridge: native });
    w.webkit = webkit;
  } else {
    w.ExchangeAppBridge = native;
  }

  const nav = w.navigator;
  if (config.patchUserAgent !== false && nav && !/ExchangeApp\//.test(nav.userAgent)) {
    const original = nav.userAgent;
    const hasPlatform = config.platform === "ios" ? /iPhone|iPad|iPod/.test(original) : /Android/.test(original);
    const platformToken = hasPlatform ? "" : config.platform === "ios" ? " (iPhone)" : " (Linux; Android 14)";
    const patched = original + platformToken + " ExchangeApp/" + config.version;
    try {
      Object.defineProperty(nav, "userAgent", { get: () => patched, configurable: true });
    } catch {
      // A locked navigator keeps its user agent; the injected object still marks the app.
    }
  }

  const control: NativeHostControl = {
    config,
    calls,
    emit(name, payload) {
      const event = w.__exchangeBridgeEvent;
      if (typeof event !== "function") return false;
      event(name, payload);
      return true;
    },
    setAnswer(key, answer) {
      answers[key] = answer;
    },
    respond(id, response) {
      const callback = w.__exchangeBridgeCallback;
      if (typeof callback !== "function") return false;
      callback(id, response);
      return true;
    },
    clearCalls() {
      calls.length = 0;
    },
    clipboard,
    savedImages,
    shared,
  };
  w.__nativeHostCalls = calls;
  w.__nativeHost = control;
  return control;
}
