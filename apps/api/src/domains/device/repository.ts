import { createHash, randomInt } from "node:crypto";
import fp from "fastify-plugin";
import {
  CUSTOM_TOKEN_PATTERN,
  CUSTOM_TOKEN_RENEWAL_MS,
  DEVICE_TOKEN_LENGTH,
  DEVICE_TOKEN_MAX_EXPIRE_S,
  DEVICE_TOKEN_PATTERN,
  type RiskLogParams,
} from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** `length` characters of [A-Za-z0-9] from the CSPRNG (unbiased: randomInt rejects out-of-range draws). 40 → ~238 bits. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export interface DeviceTokenRecord {
  fingerprint: string;
  appId: string;
  expiresAt: string;
}

export interface NewRiskLog {
  params: RiskLogParams;
  ip: string;
}

export interface DeviceTokensOptions {
  now: () => number;
}

export function createDeviceTokensRepository(db: Db, options: DeviceTokensOptions) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function verify(token: string): Promise<DeviceTokenRecord | undefined> {
    if (!DEVICE_TOKEN_PATTERN.test(token)) return undefined;
    const row = await db
      .selectFrom("device_tokens")
      .select(["fingerprint", "app_id", "expires_at"])
      .where("token_hash", "=", sha256(token))
      .executeTakeFirst();
    if (!row || Date.parse(row.expires_at) <= options.now()) return undefined;
    return { fingerprint: row.fingerprint, appId: row.app_id, expiresAt: row.expires_at };
  }

  async function customTokenIsFresh(token: string, now: number): Promise<boolean> {
    if (!CUSTOM_TOKEN_PATTERN.test(token)) return false;
    const row = await db
      .selectFrom("custom_tokens")
      .select("created_at")
      .where("token_hash", "=", sha256(token))
      .executeTakeFirst();
    return row !== undefined && now - Date.parse(row.created_at) <= CUSTOM_TOKEN_RENEWAL_MS;
  }

  return {
    /**
     * A new 40-character token bound to the fingerprint, living min(expire, 14400) s. Only its SHA-256 is stored,
     * so a leaked table yields no usable token (the token has ~238 bits of entropy: an unsalted hash is enough).
     */
    async issue(input: {
      appId: string;
      fingerprint: string;
      expireS?: number | undefined;
    }): Promise<{ token: string; expiresAt: string }> {
      const now = options.now();
      const lifetimeS = Math.min(input.expireS ?? DEVICE_TOKEN_MAX_EXPIRE_S, DEVICE_TOKEN_MAX_EXPIRE_S);
      const token = randomAlphanumeric(DEVICE_TOKEN_LENGTH);
      const expiresAt = iso(now + lifetimeS * 1000);
      await db
        .insertInto("device_tokens")
        .values({
          token_hash: sha256(token),
          fingerprint: input.fingerprint,
          app_id: input.appId,
          created_at: iso(now),
          expires_at: expiresAt,
        })
        .execute();
      // Housekeeping: this device's expired tokens go (an expired token then stays refused: it is simply unknown).
      await db
        .deleteFrom("device_tokens")
        .where("fingerprint", "=", input.fingerprint)
        .where("expires_at", "<=", iso(now))
        .execute();
      return { token, expiresAt };
    },

    /** The device a live token is bound to, or undefined for a malformed, unknown or expired token. */
    verify,

    /**
     * Stores one anti-fraud log row and answers the custom token: the one the client presented when we issued it
     * less than 24 h ago, else a new one (32 random characters, stored hashed).
     */
    async report(input: NewRiskLog): Promise<{ customToken: string; renewed: boolean }> {
      const now = options.now();
      const { params } = input;
      const keep = params.customToken !== "" && (await customTokenIsFresh(params.customToken, now));
      const customToken = keep ? params.customToken : randomAlphanumeric(32);
      if (!keep)
        await db
          .insertInto("custom_tokens")
          .values({ token_hash: sha256(customToken), created_at: iso(now) })
          .execute();
      const live = params.dxToken !== "" && (await verify(params.dxToken)) !== undefined;
      await db
        .insertInto("risk_logs")
        .values({
          version: params.version,
          dx_token_hash: params.dxToken === "" ? null : sha256(params.dxToken),
          dx_token_live: live ? 1 : 0,
          custom_token_hash: sha256(customToken),
          client_time: iso(params.timestamp),
          device_info: JSON.stringify(params.deviceInfo),
          ip: input.ip,
          created_at: iso(now),
        })
        .execute();
      return { customToken, renewed: !keep };
    },

    async countRiskLogs(): Promise<number> {
      const row = await db
        .selectFrom("risk_logs")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type DeviceTokensRepository = ReturnType<typeof createDeviceTokensRepository>;

declare module "fastify" {
  interface FastifyInstance {
    deviceTokens: DeviceTokensRepository;
  }
  interface FastifyRequest {
    /** Set by requireDeviceToken / checkDeviceToken (platform/http/device-token-guard.ts): the device the token is bound to. */
    deviceFingerprint: string | undefined;
    /** Set with deviceFingerprint: the live dy-token itself (risk checks compare the browser's own token). */
    deviceToken: string | undefined;
  }
}

export default fp<DeviceTokensOptions>(
  (app, options, done) => {
    app.decorate("deviceTokens", createDeviceTokensRepository(app.db, options));
    app.decorateRequest("deviceFingerprint", undefined);
    app.decorateRequest("deviceToken", undefined);
    done();
  },
  { name: "device-tokens-repository", dependencies: ["db"] },
);
