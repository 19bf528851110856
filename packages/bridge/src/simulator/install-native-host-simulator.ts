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
}

interface SimulatorWindow {
  setTimeout(callback: () => void, ms: number): unknown;
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
    const answer = answerFor(action, params);
    const delay = typeof config.delayMs === "number" ? config.delayMs : 0;
    if (answer === "throw") throw new Error("Simulated native postMessage failure");
    if (answer === "silence") return;
    if (answer === "malformed") callBack(id, true, '{"code":"00000","data":', delay);
    else if (answer === "empty") callBack(id, false, undefined, delay);
    else if (answer === "noCode") callBack(id, true, { data: null, msg: "no code" }, delay);
    else {
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
  };
  w.__nativeHostCalls = calls;
  w.__nativeHost = control;
  return control;
}
