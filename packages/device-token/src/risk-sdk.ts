import { SharedResponseCode } from "@affiliates/contracts";
import { loadScript as loadScriptElement } from "./load-script";

/** Where the risk SDK script is served (requirements.md §7: a static path, loaded lazily) and the global it defines. */
export const RISK_SDK_PATH = "/affiliates/static/risk-sdk.js";
export const RISK_SDK_GLOBAL = "ExchangeRiskSDK";
/** How long the SDK may take for the device hints it asks the browser for. */
export const RISK_SDK_TIMEOUT_MS = 3_000;

type DeviceInfo = Record<string, unknown>;

/** The script's answer: requirements.md §3's shared response code (0 SUCCESS, 1 ERROR, 401 TIMEOUT) and what it gathered. */
interface RiskSdkAnswer {
  code: number;
  data: DeviceInfo | null;
  msg: string;
}

interface RiskSdkScript {
  collect(options: { timeout: number }): Promise<RiskSdkAnswer>;
}

/** How the device information was had, sent beside it so the server knows how far to trust it. */
export type RiskSdkOutcome = "sdk" | "timeout" | "error" | "unavailable";

interface RiskSdkOptions {
  /** What the page knows without the SDK: sent when the SDK cannot be loaded or fails. */
  fallbackInfo: () => DeviceInfo;
  path?: string;
  loadScript?: (src: string) => Promise<void>;
  /** Where the script's global is looked up (the window). */
  root?: Record<string, unknown>;
  timeoutMs?: number;
  /** Told when the script cannot be loaded or fails (the device information then comes from `fallbackInfo`). */
  report?: (error: Error, context: { outcome: RiskSdkOutcome }) => void;
}

export interface RiskSdk {
  /** The device information of the anti-fraud log call; loads the SDK script on its first call, never before. */
  deviceInfo(): Promise<DeviceInfo & { riskSdk: RiskSdkOutcome }>;
}

const isScript = (value: unknown): value is RiskSdkScript =>
  typeof value === "object" && value !== null && typeof (value as { collect?: unknown }).collect === "function";

const isRecord = (value: unknown): value is DeviceInfo =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The risk SDK (requirements.md §7), loaded lazily: the script is fetched only when device information is needed, that is when
 * the custom token is missing or older than 24 h, so most page loads never download it. A failed load is tried again
 * at the next need.
 */
export function createRiskSdk(options: RiskSdkOptions): RiskSdk {
  const path = options.path ?? RISK_SDK_PATH;
  const loadScript = options.loadScript ?? ((src: string) => loadScriptElement(src));
  const root = (): Record<string, unknown> => options.root ?? globalThis;
  const timeoutMs = options.timeoutMs ?? RISK_SDK_TIMEOUT_MS;
  let loading: Promise<RiskSdkScript> | undefined;

  const script = (): Promise<RiskSdkScript> => {
    const present = root()[RISK_SDK_GLOBAL];
    if (isScript(present)) return Promise.resolve(present);
    loading ??= loadScript(path)
      .then(() => {
        const loaded = root()[RISK_SDK_GLOBAL];
        if (!isScript(loaded)) throw new Error(`risk SDK missing after loading ${path}`);
        return loaded;
      })
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };

  const fallback = (outcome: RiskSdkOutcome, error: unknown) => {
    options.report?.(error instanceof Error ? error : new Error(String(error)), { outcome });
    return { ...options.fallbackInfo(), riskSdk: outcome };
  };

  return {
    async deviceInfo() {
      let sdk: RiskSdkScript;
      try {
        sdk = await script();
      } catch (error) {
        return fallback("unavailable", error);
      }
      let answer: RiskSdkAnswer;
      try {
        answer = await sdk.collect({ timeout: timeoutMs });
      } catch (error) {
        return fallback("error", error);
      }
      if (answer.code === SharedResponseCode.SUCCESS && isRecord(answer.data))
        return { ...answer.data, riskSdk: "sdk" };
      // Timed out: what it had gathered before the browser's hints is still worth sending.
      if (answer.code === SharedResponseCode.TIMEOUT && isRecord(answer.data))
        return { ...options.fallbackInfo(), ...answer.data, riskSdk: "timeout" };
      return fallback("error", new Error(`risk SDK: [${answer.code}] ${answer.msg}`));
    },
  };
}
