import type { FastifyRequest } from "fastify";
import { DEVICE_TOKEN_PATTERN, HeaderName } from "@affiliates/contracts";
import { ApiError } from "./errors";

export const DEVICE_TOKEN_MESSAGES = {
  missing: `${HeaderName.dyToken}: missing`,
  malformed: `${HeaderName.dyToken}: must be exactly 40 characters A-Z, a-z, 0-9`,
  unknown: `${HeaderName.dyToken}: unknown or expired`,
} as const;

/** 403 with the spec's "illegal token" code 22001 (device_token_refused in the error map). */
const refused = (msg: string): ApiError => new ApiError("device_token_refused", msg);

/**
 * Checks one device-token value (from the `dy-token` header, or for the stand-in pages' form posts the `dy_token`
 * cookie the client keeps); throws ApiError device_token_refused (403, 22001) when it is missing, malformed, unknown or expired.
 * Returns the fingerprint the token is bound to.
 */
export async function checkDeviceToken(request: FastifyRequest, value: string | string[] | undefined): Promise<string> {
  // A repeated header (two values in one request) is ambiguous and refused. A token is NOT single use: it serves
  // any number of calls until it expires (the client keeps it in the dy_token cookie and refreshes every 1200 s).
  if (Array.isArray(value)) throw refused(`${HeaderName.dyToken}: sent more than once`);
  const token = value?.trim();
  if (!token) throw refused(DEVICE_TOKEN_MESSAGES.missing);
  if (!DEVICE_TOKEN_PATTERN.test(token)) throw refused(DEVICE_TOKEN_MESSAGES.malformed);
  const record = await request.server.deviceTokens.verify(token);
  if (!record) throw refused(DEVICE_TOKEN_MESSAGES.unknown);
  request.deviceFingerprint = record.fingerprint;
  request.deviceToken = token;
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
