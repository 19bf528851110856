import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { webcrypto } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOM_TOKEN_PATTERN,
  DEVICE_TOKEN_APP_IDS,
  DEVICE_TOKEN_PATTERN,
  deviceTokenIssueResultSchema,
  encodeParamStr,
  riskLogReportResultSchema,
  type RiskLogParams,
} from "@affiliates/contracts";
import { ok } from "../src/platform/http/envelope";
import { requireDeviceToken } from "../src/platform/http/device-token-guard";
import { createTestApp, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

const START = Date.parse("2026-03-01T12:00:00.000Z");
let clock = START;
const now = () => clock;

/**
 * The API as it runs, plus a probe route behind requireDeviceToken that answers the device the token is bound to
 * (no route of the app shows it). SQLite in memory, or PostgreSQL in a fresh schema.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, now }, (app) => {
    app.post("/test/guarded", { preHandler: requireDeviceToken }, (request) =>
      ok({ fingerprint: request.deviceFingerprint ?? null }),
    );
  });
});
afterAll(async () => {
  await t.close();
});

const FINGERPRINT = "a3f1c2d4e5b6978812345678abcdef00";
const APP_ID = DEVICE_TOKEN_APP_IDS.test;

async function issue(payload: Record<string, unknown> = { appId: APP_ID, fingerprint: FINGERPRINT }) {
  return t.app.inject({ method: "POST", url: apiUrl("deviceTokenIssue"), payload });
}
async function issueToken(payload?: Record<string, unknown>): Promise<string> {
  const response = await issue(payload);
  expect(response.statusCode).toBe(200);
  return deviceTokenIssueResultSchema.parse(envelope(response).data).token;
}
async function guarded(headers: Record<string, string> = {}) {
  return t.app.inject({ method: "POST", url: "/test/guarded", headers });
}
async function report(payload: unknown) {
  return t.app.inject({ method: "POST", url: apiUrl("riskLogReport"), payload: payload as Record<string, unknown> });
}
const params = (overrides: Partial<RiskLogParams> = {}): RiskLogParams => ({
  version: "1.0.0",
  dxToken: "",
  customToken: "",
  timestamp: clock,
  deviceInfo: { platform: "Linux x86_64", screen: "1920x1080", timezone: "Asia/Shanghai", language: "zh-CN" },
  ...overrides,
});

describe(routeTitle("deviceTokenIssue"), () => {
  it("issues a 40-character [A-Za-z0-9] token in the envelope, stores only its hash", async () => {
    const response = await issue();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = envelope(response);
    expect(body.code).toBe("00000");
    const { token } = deviceTokenIssueResultSchema.parse(body.data);
    expect(token).toMatch(DEVICE_TOKEN_PATTERN);
    expect(token).toHaveLength(40);
    const rows = await t.app.db
      .withTables<{ device_tokens: { token_hash: string; fingerprint: string } }>()
      .selectFrom("device_tokens")
      .select(["token_hash", "fingerprint"])
      .execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.fingerprint === FINGERPRINT && /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("issues a different token on every call", async () => {
    const [a, b] = await Promise.all([issueToken(), issueToken()]);
    expect(a).not.toBe(b);
  });

  it.each([
    [{ appId: "someone-else", fingerprint: FINGERPRINT }, "appId: must be the app id of the token SDK"],
    [{ appId: DEVICE_TOKEN_APP_IDS.online, fingerprint: FINGERPRINT }, "appId: not the app id of the test environment"],
    [{ appId: APP_ID, fingerprint: "short" }, "fingerprint: must be 16 to 128 characters"],
    [{ appId: APP_ID, fingerprint: "x".repeat(129) }, "fingerprint: must be 16 to 128 characters"],
    [{ appId: APP_ID, fingerprint: "abc def ghi jkl mno" }, "fingerprint: must contain only A-Z, a-z, 0-9, _ and -"],
    [{ appId: APP_ID }, "fingerprint: must be a string"],
    [{ appId: APP_ID, fingerprint: FINGERPRINT, expire: -5 }, "expire: must be at least 1 second"],
    [{ appId: APP_ID, fingerprint: FINGERPRINT, expire: "14400" }, "expire: must be a number of seconds"],
    [{ appId: APP_ID, fingerprint: FINGERPRINT, extra: 1 }, "extra: unknown field in body"],
  ])("refuses %j with 400 naming the field", async (payload, msg) => {
    const response = await issue(payload);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toEqual({ code: "400", msg, data: null });
  });

  it("refuses a missing or non-JSON body with 4xx, never 500", async () => {
    const empty = await t.app.inject({ method: "POST", url: apiUrl("deviceTokenIssue") });
    expect(empty.statusCode).toBe(400);
    const text = await t.app.inject({
      method: "POST",
      url: apiUrl("deviceTokenIssue"),
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(text.statusCode).toBe(400);
    expect(envelope(text).msg).toBe("body: malformed JSON");
  });
});

describe("requireDeviceToken (dy-token)", () => {
  it("accepts a live token and knows its device", async () => {
    const token = await issueToken();
    const response = await guarded({ "dy-token": token });
    expect(response.statusCode).toBe(200);
    expect(envelope(response).data).toEqual({ fingerprint: FINGERPRINT });
  });

  it("accepts the same token again while it lives (one token per refresh interval, many calls)", async () => {
    const token = await issueToken();
    expect((await guarded({ "dy-token": token })).statusCode).toBe(200);
    expect((await guarded({ "dy-token": token })).statusCode).toBe(200);
  });

  it.each([
    [{}, "dy-token: missing"],
    [{ "dy-token": "" }, "dy-token: missing"],
    [{ "dy-token": "abc" }, "dy-token: must be exactly 40 characters A-Z, a-z, 0-9"],
    [{ "dy-token": "A".repeat(41) }, "dy-token: must be exactly 40 characters A-Z, a-z, 0-9"],
    [{ "dy-token": "!".repeat(40) }, "dy-token: must be exactly 40 characters A-Z, a-z, 0-9"],
    [{ "dy-token": "Q".repeat(40) }, "dy-token: unknown or expired"],
  ])("refuses %j with 403 and code 22001", async (headers, msg) => {
    const response = await guarded(headers);
    expect(response.statusCode).toBe(403);
    expect(envelope(response)).toEqual({ code: "22001", msg, data: null });
  });

  it("refuses a token once its expiry has passed (replay of an expired token)", async () => {
    const token = await issueToken({ appId: APP_ID, fingerprint: FINGERPRINT, expire: 60 });
    clock += 59_000;
    expect((await guarded({ "dy-token": token })).statusCode).toBe(200);
    clock += 1_000;
    const late = await guarded({ "dy-token": token });
    expect(late.statusCode).toBe(403);
    expect(envelope(late)).toEqual({ code: "22001", msg: "dy-token: unknown or expired", data: null });
    // A new token for the same device drops the expired row; the old token stays refused.
    await issueToken();
    expect((await guarded({ "dy-token": token })).statusCode).toBe(403);
  });

  it("caps the lifetime at 14400 s whatever expire asks", async () => {
    const token = await issueToken({ appId: APP_ID, fingerprint: FINGERPRINT, expire: 999_999 });
    clock += 14_399_000;
    expect((await guarded({ "dy-token": token })).statusCode).toBe(200);
    clock += 1_000;
    expect((await guarded({ "dy-token": token })).statusCode).toBe(403);
  });

  it("lives 14400 s by default", async () => {
    const token = await issueToken();
    clock += 14_400_000 - 1;
    expect((await guarded({ "dy-token": token })).statusCode).toBe(200);
    clock += 1;
    expect((await guarded({ "dy-token": token })).statusCode).toBe(403);
  });
});

describe(`${routeTitle("riskLogReport")}: the anti-fraud log call`, () => {
  it("stores the log and answers a new 32-character custom token", async () => {
    const before = await t.app.deviceTokens.countRiskLogs();
    const dxToken = await issueToken();
    const response = await report({
      paramStr: encodeParamStr(params({ dxToken, deviceInfo: { ua: "Mozilla/5.0", name: "设备" } })),
    });
    expect(response.statusCode).toBe(200);
    const body = envelope(response);
    expect(body.code).toBe("00000");
    const { customToken } = riskLogReportResultSchema.parse(body.data);
    expect(customToken).toMatch(CUSTOM_TOKEN_PATTERN);
    expect(await t.app.deviceTokens.countRiskLogs()).toBe(before + 1);
    const row = await t.app.db
      .withTables<{
        risk_logs: { id: number; dx_token_live: number; device_info: string; dx_token_hash: string | null };
      }>()
      .selectFrom("risk_logs")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(Number(row.dx_token_live)).toBe(1);
    expect(row.dx_token_hash).not.toBe(dxToken);
    expect(JSON.parse(row.device_info)).toEqual({ ua: "Mozilla/5.0", name: "设备" });
  });

  it("answers the presented custom token while under 24 h old, a new one after", async () => {
    const first = riskLogReportResultSchema.parse(
      envelope(await report({ paramStr: encodeParamStr(params()) })).data,
    ).customToken;
    clock += 23 * 3_600_000;
    const again = riskLogReportResultSchema.parse(
      envelope(await report({ paramStr: encodeParamStr(params({ customToken: first })) })).data,
    ).customToken;
    expect(again).toBe(first);
    clock += 1 * 3_600_000 + 1;
    const renewed = riskLogReportResultSchema.parse(
      envelope(await report({ paramStr: encodeParamStr(params({ customToken: first })) })).data,
    ).customToken;
    expect(renewed).not.toBe(first);
    expect(renewed).toMatch(CUSTOM_TOKEN_PATTERN);
  });

  it("answers a new custom token for an unknown one", async () => {
    const unknown = "Z".repeat(32);
    const response = await report({ paramStr: encodeParamStr(params({ customToken: unknown })) });
    expect(response.statusCode).toBe(200);
    expect(riskLogReportResultSchema.parse(envelope(response).data).customToken).not.toBe(unknown);
  });

  const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
  it.each([
    [{ paramStr: "%%% not base64 %%%" }, "paramStr: not valid base64 JSON"],
    [{ paramStr: "" }, "paramStr: not valid base64 JSON"],
    [{ paramStr: "abc" }, "paramStr: not valid base64 JSON"],
    [{ paramStr: b64("not json at all") }, "paramStr: not valid base64 JSON"],
    [{ paramStr: Buffer.from([0xff, 0xfe, 0x7b]).toString("base64") }, "paramStr: not valid base64 JSON"],
    [{ paramStr: 42 }, "paramStr: must be a string"],
    [{}, "paramStr: must be a string"],
    [{ paramStr: b64("[1,2]") }, "paramStr: Invalid input: expected object, received array"],
    [{ paramStr: encodeParamStr(params({ dxToken: "short" })) }, "paramStr.dxToken: must be 40 characters or empty"],
    [
      { paramStr: encodeParamStr(params({ customToken: "nope" })) },
      "paramStr.customToken: must be 32 characters [A-Za-z0-9] or empty",
    ],
    [{ paramStr: encodeParamStr(params({ version: "" })) }, "paramStr.version: must not be empty"],
    [{ paramStr: b64(JSON.stringify({ ...params(), deviceInfo: "x" })) }, "paramStr.deviceInfo: must be an object"],
    [
      { paramStr: b64(JSON.stringify({ ...params(), timestamp: "now" })) },
      "paramStr.timestamp: must be a millisecond timestamp",
    ],
    [{ paramStr: b64(JSON.stringify({ ...params(), extra: 1 })) }, "extra: unknown field in paramStr"],
    [{ paramStr: encodeParamStr(params()), more: true }, "more: unknown field in body"],
  ])("refuses %j with 400 naming the field", async (payload, msg) => {
    const response = await report(payload);
    expect(response.statusCode).toBe(400);
    expect(envelope(response)).toEqual({ code: "400", msg, data: null });
  });
});

/** The static token SDK script, run in a browser-like sandbox whose XMLHttpRequest goes to this API in-process. */
describe("the token SDK script (apps/web/public/affiliates/static/device-token-sdk.js)", () => {
  const source = readFileSync(
    path.resolve(import.meta.dirname, "../../web/public/affiliates/static/device-token-sdk.js"),
    "utf8",
  );

  interface Sdk {
    getToken(options: { appId: string; expire?: number; timeout?: number }): Promise<string>;
    getFingerprint(): Promise<string>;
  }

  function loadSdk(withSubtle: boolean): { sdk: Sdk; requests: { url: string; body: unknown }[] } {
    const requests: { url: string; body: unknown }[] = [];
    const app = t.app;
    class InjectXhr {
      status = 0;
      responseText = "";
      timeout = 0;
      withCredentials = false;
      onload: (() => void) | undefined;
      onerror: (() => void) | undefined;
      ontimeout: (() => void) | undefined;
      private method = "GET";
      private url = "";
      private readonly headers: Record<string, string> = {};
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name.toLowerCase()] = value;
      }
      send(body: string) {
        requests.push({ url: this.url, body: JSON.parse(body) as unknown });
        app.inject({ method: this.method as "POST", url: this.url, headers: this.headers, payload: body }).then(
          (response) => {
            this.status = response.statusCode;
            this.responseText = response.body;
            this.onload?.();
          },
          () => this.onerror?.(),
        );
      }
    }
    const sandbox: Record<string, unknown> = {
      navigator: {
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
        language: "en-US",
        languages: ["en-US", "en"],
        platform: "Linux x86_64",
        hardwareConcurrency: 8,
        maxTouchPoints: 0,
        cookieEnabled: true,
      },
      screen: { width: 1920, height: 1080, colorDepth: 24, pixelDepth: 24 },
      devicePixelRatio: 1,
      crypto: withSubtle ? webcrypto : undefined,
      TextEncoder,
      XMLHttpRequest: InjectXhr,
    };
    sandbox.window = sandbox;
    vm.createContext(sandbox);
    vm.runInContext(source, sandbox);
    return { sdk: sandbox.ExchangeDeviceTokenSDK as Sdk, requests };
  }

  it("gathers a SHA-256 fingerprint, gets a 40-character token the guard accepts", async () => {
    const { sdk, requests } = loadSdk(true);
    const token = await sdk.getToken({ appId: APP_ID, expire: 14_400, timeout: 10_000 });
    expect(token).toMatch(DEVICE_TOKEN_PATTERN);
    const fingerprint = await sdk.getFingerprint();
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(requests).toEqual([
      { url: apiUrl("deviceTokenIssue"), body: { appId: APP_ID, fingerprint, expire: 14_400 } },
    ]);
    const response = await guarded({ "dy-token": token });
    expect(response.statusCode).toBe(200);
    expect(envelope(response).data).toEqual({ fingerprint });
  });

  it("hashes without SubtleCrypto too, and gives the same fingerprint for the same browser", async () => {
    const { sdk } = loadSdk(false);
    const fingerprint = await sdk.getFingerprint();
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(await loadSdk(false).sdk.getFingerprint()).toBe(fingerprint);
    expect(await sdk.getToken({ appId: APP_ID })).toMatch(DEVICE_TOKEN_PATTERN);
  });

  it("rejects with the API's message when the call is refused", async () => {
    const { sdk } = loadSdk(true);
    await expect(sdk.getToken({ appId: DEVICE_TOKEN_APP_IDS.online })).rejects.toThrow(
      "device-token SDK: [400] appId: not the app id of the test environment",
    );
    await expect(sdk.getToken({ appId: "" })).rejects.toThrow("device-token SDK: appId is required");
  });
});
