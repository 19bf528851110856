/** What a bridge error carries besides its message (requirements.md §3 "Bridge response and error"). */
interface BridgeErrorDetails {
  /** The app's answer code; null when the app gave none (no answer, no code, or the call never left the page). */
  code?: string | null;
  /** Defaults to the class's standard message. */
  msg?: string;
  /** The `data` of the app's answer, when there was one. */
  appData?: unknown;
  /** Diagnostics: action, id, time-out, raw answer, reason. */
  extra?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

/** The base of every bridge failure. The user sees one refresh prompt for all of them. */
export abstract class BridgeError extends Error {
  abstract override readonly name: BridgeErrorName;
  readonly code: string | null;
  readonly msg: string;
  readonly appData: unknown;
  readonly extra: Readonly<Record<string, unknown>>;

  protected constructor(defaultMsg: string, details: BridgeErrorDetails) {
    const msg = details.msg !== undefined && details.msg !== "" ? details.msg : defaultMsg;
    super(msg, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code ?? null;
    this.msg = msg;
    this.appData = details.appData;
    this.extra = details.extra ?? {};
  }
}

/** No callback within the time-out, or the app answered with a time-out code (00004, 110100). */
export class AppRequestCallbackTimeout extends BridgeError {
  override readonly name = "AppRequestCallbackTimeout";
  constructor(details: BridgeErrorDetails = {}) {
    super("App request callback timeout", details);
  }
}

/** The app answered with a code that is neither success nor time-out (00005 and 22001 included). */
export class AppResponseUnexpectedError extends BridgeError {
  override readonly name = "AppResponseUnexpectedError";
  constructor(details: BridgeErrorDetails = {}) {
    super("App response not successful", details);
  }
}

/** The answer was empty, unreadable or had no code: treated as a network error. */
export class AppResponseUnknownError extends BridgeError {
  override readonly name = "AppResponseUnknownError";
  constructor(details: BridgeErrorDetails = {}) {
    super("Network error", details);
  }
}

export const APP_JSBRIDGE_REQUEST_ACTION_ERROR_MSG = "App Jsbridge Request Action Error";

/** The call could not be made: no native object, `postMessage` threw, unknown action, or the app is too old. */
export class AppJSBridgeRequestActionError extends BridgeError {
  override readonly name = "AppJSBridgeRequestActionError";
  constructor(details: Omit<BridgeErrorDetails, "msg"> = {}) {
    super(APP_JSBRIDGE_REQUEST_ACTION_ERROR_MSG, details);
  }
}

type BridgeErrorName =
  | "AppRequestCallbackTimeout"
  | "AppResponseUnexpectedError"
  | "AppResponseUnknownError"
  | "AppJSBridgeRequestActionError";

export const isBridgeError = (error: unknown): error is BridgeError => error instanceof BridgeError;

/** The one message key the app translates and shows for every bridge error (a prompt to refresh the page). */
export const BRIDGE_REFRESH_PROMPT_KEY = "bridge.refreshPrompt";
