import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import {
  analyticsEventSchema,
  analyticsIdProblem,
  type AnalyticsEventContract,
  type AnalyticsIngestResult,
} from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { ApiError, describeZodError } from "../../platform/http/errors";
import { senderKey } from "./repository";
import { endpoint } from "../../platform/http/endpoint";

export interface BuriedRoutesOptions {
  /** Per client IP (spec: rate-limited per client); default 120 batches a minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** 50 events of a few KB each exceed the API's default 64 KB body limit; default 1 MiB. */
  bodyLimit?: number;
}

export const BURIED_DEFAULTS = { rateLimit: { max: 120, timeWindowMs: 60_000 }, bodyLimit: 1024 * 1024 } as const;

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.trim() !== "" ? first.trim() : undefined;
}

/** The device id of a batch: the `DeviceId` header (requirements.md §7), else the first event's (beacons carry no headers). */
function deviceIdOf(request: FastifyRequest, events: readonly unknown[]): string | undefined {
  const header = headerValue(request, "deviceid");
  if (header) return header.slice(0, 128);
  for (const event of events) {
    const id = typeof event === "object" && event !== null ? (event as Record<string, unknown>).device_id : undefined;
    if (typeof id === "string" && id !== "") return id.slice(0, 128);
  }
  return undefined;
}

/**
 * `POST /v1/buried/log/info`: a JSON array of at most 50 analytics events (requirements.md §7). Each event is validated on its
 * own: bad ones are rejected with a reason, good ones stored in one INSERT, duplicates ignored. Forgery-proofing:
 * `uid` is the session's (the client's is ignored); ids must have the SDK's form for the batch's device
 * (analyticsIdProblem); duplicates are per sender (the logged-in user, else the device), so ids one client uploads
 * never block another's events. 403 while the upload switch is off for this client (device id, then IP, then the
 * client-wide default).
 */
const buriedRoutes: FastifyPluginCallback<BuriedRoutesOptions> = (app, options, done) => {
  const rateLimit = options.rateLimit ?? BURIED_DEFAULTS.rateLimit;
  endpoint(
    app,
    "analyticsIngest",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // An array of at most ANALYTICS_MAX_BATCH items (the entry's schema); each item is checked below, on its own.
      const body = request.body;
      const deviceId = deviceIdOf(request, body);
      const allowed = await app.analyticsEvents.uploadSwitch({ deviceId, ip: request.ip });
      if (!allowed) throw new ApiError("forbidden", "analytics: uploading is switched off for this client");
      const uid = await app.auth.optionalUserId(request);

      const rejected: AnalyticsIngestResult["rejected"] = [];
      const valid: AnalyticsEventContract[] = [];
      const seen = new Set<string>();
      let repeated = 0;
      body.forEach((item: unknown, index) => {
        const parsed = analyticsEventSchema.safeParse(item);
        if (!parsed.success) {
          rejected.push({ index, reason: describeZodError(parsed.error) });
          return;
        }
        const idProblem = analyticsIdProblem(parsed.data, deviceId);
        if (idProblem) {
          rejected.push({ index, reason: idProblem });
          return;
        }
        if (seen.has(parsed.data.event_id)) {
          repeated += 1;
          return;
        }
        seen.add(parsed.data.event_id);
        valid.push({ ...parsed.data, uid });
      });
      const sender = senderKey(uid, deviceId ?? "");
      const accepted = await app.analyticsEvents.insertMany(valid, { ip: request.ip, sender });
      const data: AnalyticsIngestResult = { accepted, duplicates: valid.length - accepted + repeated, rejected };
      return ok(data);
    },
    {
      route: {
        bodyLimit: options.bodyLimit ?? BURIED_DEFAULTS.bodyLimit,
        config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
      },
    },
  );
  done();
};

export default buriedRoutes;
