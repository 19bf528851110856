// Zod-free: the browser's custom-token loop (packages/device-token) encodes requests and checks answers with these,
// without the schema library in its bundle. The schemas in device-token.ts say the same for the API.
import type { RiskLogParams } from "./device-token";
import { CUSTOM_TOKEN_PATTERN } from "./device-token-constants";

/** Base64 of the UTF-8 JSON of the params, as browsers and Node both produce it (btoa over UTF-8 bytes). */
export function encodeParamStr(params: RiskLogParams): string {
  const bytes = new TextEncoder().encode(JSON.stringify(params));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The anti-fraud log call's answer carries a custom token of the expected form (riskLogReportResultSchema's rule). */
export const isRiskLogReportResult = (data: unknown): data is { customToken: string } =>
  typeof data === "object" &&
  data !== null &&
  typeof (data as { customToken?: unknown }).customToken === "string" &&
  CUSTOM_TOKEN_PATTERN.test((data as { customToken: string }).customToken);
