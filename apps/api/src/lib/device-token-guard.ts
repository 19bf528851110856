import type { FastifyRequest } from "fastify";
import { DEVICE_TOKEN_PATTERN, HeaderName, ResponseCode } from "@affiliates/contracts";
import { ApiError } from "./errors";

/**
 * A refused device token: HTTP 403 with the spec's "illegal token" code 22001 (spec §8) for a missing, malformed,
 * unknown or expired `dy-token`. 00005 stays the session's code ("missing token" in the bridge's sense is the
 * login session), so a client seeing 22001 knows to refresh its device token, not to log in again.
 */
export class DeviceTokenError extends ApiError {
  override readonly status = 403;
  override readonly code = ResponseCode.deviceTokenRequired;

  constructor(msg: string) {
    super("forbidden", msg);
    this.name = "DeviceTokenError";
  }
}

export const DEVICE_TOKEN_MESSAGES = {
  missing: `${HeaderName.dyToken}: missing`,
  malformed: `${HeaderName.dyToken}: must be exactly 40 characters A-Z, a-z, 0-9`,
  unknown: `${HeaderName.dyToken}: unknown or expired`,
} as const;

/**
 * Checks one device-token value (from the `dy-token` header, or for the stand-in pages' form posts the `dy_token`
 * cookie the client keeps); throws DeviceTokenError (403, 22001) when it is missing, malformed, unknown or expired.
 * Returns the fingerprint the token is bound to.
 */
export async function checkDeviceToken(request: FastifyRequest, value: string | string[] | undefined): Promise<string> {
  // A repeated header (two values in one request) is ambiguous and refused. A token is NOT single use: it serves
  // any number of calls until it expires (the client keeps it in the dy_token cookie and refreshes every 1200 s).
  if (Array.isArray(value)) throw new DeviceTokenError(`${HeaderName.dyToken}: sent more than once`);
  const token = value?.trim();
  if (!token) throw new DeviceTokenError(DEVICE_TOKEN_MESSAGES.missing);
  if (!DEVICE_TOKEN_PATTERN.test(token)) throw new DeviceTokenError(DEVICE_TOKEN_MESSAGES.malformed);
  const record = await request.server.deviceTokens.verify(token);
  if (!record) throw new DeviceTokenError(DEVICE_TOKEN_MESSAGES.unknown);
  request.deviceFingerprint = record.fingerprint;
  return record.fingerprint;
}

/**
 * preHandler of the sensitive calls (login, register, money and identity actions): requires a live `dy-token`
 * header issued by POST /v1/constantid/udid/c1. Needs the device-tokens repository on the instance.
 * Usage: `app.post("/login", { preHandler: requireDeviceToken }, handler)`.
 */
export async function requireDeviceToken(request: FastifyRequest): Promise<void> {
  await checkDeviceToken(request, request.headers[HeaderName.dyToken]);
}
