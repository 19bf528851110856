import { z } from "zod";
import { jsonNestingExceeds, NESTED_TOO_DEEPLY } from "./json-depth";
import {
  CUSTOM_TOKEN_PATTERN,
  DEVICE_TOKEN_APP_IDS,
  DEVICE_TOKEN_LENGTH,
  DEVICE_TOKEN_PATTERN,
} from "./device-token-constants";

const appIds = [...new Set(Object.values(DEVICE_TOKEN_APP_IDS))] as [string, ...string[]];

/** `POST /v1/constantid/udid/c1`, sent by the token SDK. `expire` (seconds) is capped at 14400 by the API. */
export const deviceTokenIssueRequestSchema = z
  .object({
    appId: z.enum(appIds, { error: "must be the app id of the token SDK" }),
    fingerprint: z
      .string({ error: "must be a string" })
      .min(16, "must be 16 to 128 characters")
      .max(128, "must be 16 to 128 characters")
      .regex(/^[A-Za-z0-9_-]+$/, "must contain only A-Z, a-z, 0-9, _ and -"),
    expire: z
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(1, "must be at least 1 second")
      .max(1e9)
      .optional(),
  })
  .strict();

export const deviceTokenIssueResultSchema = z.object({ token: z.string().regex(DEVICE_TOKEN_PATTERN) });
export type DeviceTokenIssueResult = z.infer<typeof deviceTokenIssueResultSchema>;

/** What the anti-fraud log call's `paramStr` carries, base64 of this object as JSON (requirements.md §7). */
export const riskLogParamsSchema = z
  .object({
    version: z
      .string({ error: "must be a string" })
      .min(1, "must not be empty")
      .max(32, "must be at most 32 characters"),
    dxToken: z
      .string({ error: "must be a string" })
      .regex(new RegExp(`^(?:[\\s\\S]{${DEVICE_TOKEN_LENGTH}})?$`), "must be 40 characters or empty"),
    customToken: z
      .string({ error: "must be a string" })
      .regex(
        new RegExp(`^(?:${CUSTOM_TOKEN_PATTERN.source.replace(/^\^|\$$/g, "")})?$`),
        "must be 32 characters [A-Za-z0-9] or empty",
      ),
    timestamp: z.number({ error: "must be a millisecond timestamp" }).int("must be a whole number").min(0).max(8.64e15),
    deviceInfo: z.record(z.string(), z.unknown(), { error: "must be an object" }),
  })
  .strict();
export type RiskLogParams = z.infer<typeof riskLogParamsSchema>;

// The decoded content as JSON Schema, for the document (without the dialect: it is the document's own).
const { $schema: _dialect, ...riskLogParamsJsonSchema } = z.toJSONSchema(riskLogParamsSchema, { io: "input" });

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The UTF-8 text inside a `paramStr`, or undefined when it is not strict base64 of UTF-8. */
function paramStrText(paramStr: string): string | undefined {
  if (paramStr === "" || !BASE64.test(paramStr)) return undefined;
  try {
    const binary = atob(paramStr);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The JSON value inside a `paramStr`, or undefined when it is not strict base64 of UTF-8 JSON (or nested too deeply). */
export function decodeParamStr(paramStr: string): unknown {
  const text = paramStrText(paramStr);
  if (text === undefined || jsonNestingExceeds(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `POST /v1/risk/log/report` `{paramStr}`: the field is decoded and its content validated (paths read `paramStr.dxToken`). */
export const riskLogReportRequestSchema = z
  .object({
    paramStr: z
      .string({ error: "must be a string" })
      .max(16_384, "must be at most 16384 characters")
      // What the transform below requires, as the document says it: base64 (RFC 4648) of JSON of riskLogParamsSchema.
      .min(1, "not valid base64 JSON")
      .regex(BASE64, "not valid base64 JSON")
      .meta({
        contentEncoding: "base64",
        contentMediaType: "application/json",
        contentSchema: riskLogParamsJsonSchema,
      })
      .transform((value, ctx) => {
        const text = paramStrText(value);
        // Checked before parsing: deviceInfo is stored with JSON.stringify, which recurses.
        if (text !== undefined && jsonNestingExceeds(text)) {
          ctx.addIssue({ code: "custom", message: NESTED_TOO_DEEPLY });
          return z.NEVER;
        }
        const decoded = decodeParamStr(value);
        if (decoded === undefined) {
          ctx.addIssue({ code: "custom", message: "not valid base64 JSON" });
          return z.NEVER;
        }
        return decoded;
      })
      .pipe(riskLogParamsSchema),
  })
  .strict();

export const riskLogReportResultSchema = z.object({ customToken: z.string().regex(CUSTOM_TOKEN_PATTERN) });
export type RiskLogReportResult = z.infer<typeof riskLogReportResultSchema>;
