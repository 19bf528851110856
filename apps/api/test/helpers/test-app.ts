import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { DEVICE_TOKEN_APP_IDS } from "@affiliates/contracts";
import { buildApp, type AppOptions } from "../../src/app";
import { apiUrl } from "./api-url";

/** Set TEST_DATABASE_URL=postgres://… to run every suite on PostgreSQL (a fresh schema per app, dropped after). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
/** Set TEST_REDIS_URL=redis://… to run the throttling suite on Redis too. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;
export const DIALECT = TEST_DATABASE_URL ? "postgres" : "sqlite";

export const randomName = (prefix: string): string => `${prefix}${randomBytes(6).toString("hex")}`;

/** Runs one statement on PostgreSQL (schema setup and teardown of the suites). */
export async function withPg(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The API in-process on in-memory SQLite, or on PostgreSQL in a fresh schema when TEST_DATABASE_URL is set.
 * `extend` adds the test's own routes before the app is ready (a probe behind a guard, say).
 */
export async function createTestApp(
  overrides: Partial<AppOptions> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const base: Partial<AppOptions> = {
    logger: false,
    redisUrl: undefined,
    adminToken: undefined,
    appEnv: "test",
    ...overrides,
  };
  if (!TEST_DATABASE_URL) {
    const app = await buildApp({ databaseUrl: ":memory:", ...base }, extend);
    return { app, close: () => app.close() };
  }
  const schema = randomName("t_");
  await withPg(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
  try {
    const app = await buildApp({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema, ...base }, extend);
    return {
      app,
      close: async () => {
        await app.close();
        await withPg(TEST_DATABASE_URL, `DROP SCHEMA ${schema} CASCADE`);
      },
    };
  } catch (error) {
    await withPg(TEST_DATABASE_URL, `DROP SCHEMA ${schema} CASCADE`);
    throw error;
  }
}

export interface EnvelopeBody {
  code: string;
  msg: string;
  data: unknown;
}

export function envelope(response: LightMyRequestResponse): EnvelopeBody {
  const body: unknown = response.json();
  if (typeof body !== "object" || body === null) throw new Error(`not an envelope: ${response.body}`);
  const { code, msg, data, requestId } = body as Record<string, unknown>;
  if (typeof code !== "string" || typeof msg !== "string" || !("data" in body))
    throw new Error(`not an envelope: ${response.body}`);
  // An error names its request: the id of the response's header (and of the request's log lines).
  if (requestId !== undefined && requestId !== response.headers["x-request-id"])
    throw new Error(`envelope requestId ${JSON.stringify(requestId)} is not the response's`);
  return { code, msg, data };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "refresh_token");
  if (!cookie?.value) throw new Error(`no refresh_token cookie in ${JSON.stringify(response.headers["set-cookie"])}`);
  return cookie.value;
}

/** A live device token (the `dy-token` header login and register require), issued as the token SDK gets one. */
export async function deviceToken(app: FastifyInstance, fingerprint = "test-fingerprint-0123456789"): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: apiUrl("deviceTokenIssue"),
    payload: { appId: DEVICE_TOKEN_APP_IDS.test, fingerprint },
  });
  const { token } = envelope(response).data as { token: string };
  if (response.statusCode !== 200 || typeof token !== "string") throw new Error(`no device token: ${response.body}`);
  return token;
}

/** A device fingerprint of its own for each account: two demo accounts are two people, not one device. */
export const fingerprintOf = (email: string): string =>
  `login-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32)}`;

/**
 * POST /v1/user/login with a fresh device token (of the account's own device, fingerprintOf), unless the caller gives
 * its own `dy-token` header.
 */
export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const token = headers["dy-token"] ?? (await deviceToken(app, fingerprintOf(email)));
  return app.inject({
    method: "POST",
    url: apiUrl("login"),
    payload: { email, password },
    headers: { "dy-token": token, ...headers },
  });
}

export const AFFILIATE = { email: "affiliate@example.com", password: "Affiliate#2026" } as const;
export const PLAIN_USER = { email: "user@example.com", password: "User#2026" } as const;

export type CallMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export interface CallOptions {
  /** The session (refresh_token cookie). */
  cookie?: string;
  body?: unknown;
  /** Send the device token the caller was made with. */
  dy?: boolean;
  /** Send the admin token the caller was made with. */
  admin?: boolean;
  cookies?: Record<string, string>;
}

/** `call(method, url, {cookie, body, dy, admin})`: one inject with the session, device token and admin token asked for. */
export function callerFor(app: () => FastifyInstance, tokens: { dy: () => string; admin?: string }) {
  return (method: CallMethod, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {};
    if (opts.dy) headers["dy-token"] = tokens.dy();
    if (opts.admin && tokens.admin) headers["x-admin-token"] = tokens.admin;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    return app().inject({
      method,
      url,
      headers,
      cookies: { ...(opts.cookie ? { refresh_token: opts.cookie } : {}), ...(opts.cookies ?? {}) },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
  };
}
