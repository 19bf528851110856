import type { FastifyError, FastifyPluginCallback } from "fastify";
import { jsonNestingExceeds, NESTED_TOO_DEEPLY, sentryEnvelopeHeaderSchema } from "@affiliates/contracts";
import { ApiError, type ErrorCode } from "../../platform/http/errors";
import { sendError } from "../../platform/http/envelope";
import type { NewErrorEvent } from "./repository";
import { endpoint } from "../../platform/http/endpoint";

/**
 * The error-reporting tunnel (requirements.md §7): `POST /v1/sentry/{projectId}` takes the browser's Sentry envelopes on the
 * product's own origin. Only configured projects and DSN hosts are accepted; envelopes are forwarded to
 * SENTRY_UPSTREAM when set, otherwise their event items are stored (operators read them at GET /v1/admin/errors).
 * Bad envelopes get 400 (never 500), unknown projects or DSN hosts 403, bodies, envelopes with too many items and
 * event items over their caps 413, clients past the per-IP rate limit or the per-IP stored bytes (ERROR_EVENTS_PER_IP_BYTES
 * per ERROR_EVENTS_PER_IP_WINDOW_S) 429. Stored events expire after ERROR_EVENTS_RETENTION_DAYS and the oldest go
 * first past ERROR_EVENTS_MAX_TOTAL_BYTES (domains/errors/repository.ts, jobs/retention.ts).
 */
export interface SentryTunnelOptions {
  /** Accepted project ids (SENTRY_PROJECT_IDS, comma-separated; default "1"). */
  projectIds: readonly string[];
  /** Accepted DSN hosts, `host` or `host:port` (SENTRY_DSN_HOSTS; default localhost and PUBLIC_ORIGIN's host). */
  dsnHosts: readonly string[];
  /** e.g. `https://o0.ingest.sentry.io` (SENTRY_UPSTREAM); unset: events are stored. */
  upstream: string | undefined;
  /** Body cap in bytes (SENTRY_TUNNEL_BODY_LIMIT; default 200 KB). */
  bodyLimit: number;
  /** Characters of each event item kept in `raw`. */
  rawLimit: number;
  /** Items per envelope (SENTRY_TUNNEL_MAX_ITEMS; default 50): a browser sends one event and a few reports. */
  maxItems: number;
  /** Bytes per event item (SENTRY_TUNNEL_MAX_EVENT_BYTES; default 200 KB; Sentry's own cap is 1 MB). */
  maxEventBytes: number;
  /** Envelopes per client IP (SENTRY_RATE_LIMIT_MAX per minute; default 60). */
  rateLimit: { max: number; timeWindowMs: number };
  fetch?: typeof fetch;
}

export const DEFAULT_TUNNEL_BODY_LIMIT = 200 * 1024;
export const DEFAULT_RAW_LIMIT = 16 * 1024;
export const DEFAULT_MAX_ITEMS = 50;
export const DEFAULT_MAX_EVENT_BYTES = 200 * 1024;
export const DEFAULT_RATE_LIMIT_MAX = 60;
const UPSTREAM_TIMEOUT_MS = 10_000;
const ENVELOPE_CONTENT_TYPES = ["application/x-sentry-envelope", "text/plain"];

type Env = Record<string, string | undefined>;
const list = (raw: string | undefined): string[] | undefined => {
  const items = (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return items.length ? items : undefined;
};

/** The tunnel's configuration from the environment (see SentryTunnelOptions for the variables). */
export function sentryTunnelConfig(env: Env = process.env): SentryTunnelOptions {
  let publicHost: string | undefined;
  try {
    publicHost = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).hostname.toLowerCase() : undefined;
  } catch {
    publicHost = undefined;
  }
  const positive = (raw: string | undefined, fallback: number) => {
    const n = Number(raw);
    return raw !== undefined && raw.trim() !== "" && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    projectIds: list(env.SENTRY_PROJECT_IDS) ?? ["1"],
    dsnHosts: list(env.SENTRY_DSN_HOSTS) ?? [
      "localhost",
      ...(publicHost && publicHost !== "localhost" ? [publicHost] : []),
    ],
    upstream: env.SENTRY_UPSTREAM?.trim().replace(/\/+$/, "") || undefined,
    bodyLimit: positive(env.SENTRY_TUNNEL_BODY_LIMIT, DEFAULT_TUNNEL_BODY_LIMIT),
    rawLimit: DEFAULT_RAW_LIMIT,
    maxItems: positive(env.SENTRY_TUNNEL_MAX_ITEMS, DEFAULT_MAX_ITEMS),
    maxEventBytes: positive(env.SENTRY_TUNNEL_MAX_EVENT_BYTES, DEFAULT_MAX_EVENT_BYTES),
    rateLimit: { max: positive(env.SENTRY_RATE_LIMIT_MAX, DEFAULT_RATE_LIMIT_MAX), timeWindowMs: 60_000 },
  };
}

export interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: Buffer;
}
export interface ParsedEnvelope {
  header: { dsn: string; event_id?: string | undefined } & Record<string, unknown>;
  items: EnvelopeItem[];
}

const bad = (message: string) => new ApiError("bad_request", message);
const tooLarge = (message: string) => new ApiError("payload_too_large", message);

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  // Tags and contexts are stringified later (recursively): deep nesting is refused before parsing.
  if (jsonNestingExceeds(text)) throw bad(`${what}: ${NESTED_TOO_DEEPLY}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${what}: not JSON`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad(`${what}: not a JSON object`);
  return value as Record<string, unknown>;
}

export interface EnvelopeLimits {
  maxItems: number;
  maxEventBytes: number;
}

/**
 * Splits an envelope: header line, then items (header line + payload of `length` bytes or up to the next newline).
 * Past `maxItems` items, or an event item over `maxEventBytes`, it stops with 413.
 */
export function parseEnvelope(
  body: Buffer,
  limits: EnvelopeLimits = { maxItems: DEFAULT_MAX_ITEMS, maxEventBytes: DEFAULT_MAX_EVENT_BYTES },
): ParsedEnvelope {
  const NL = 0x0a;
  let offset = 0;
  const readLine = (): string => {
    const end = body.indexOf(NL, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end).toString("utf8");
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const headerLine = readLine();
  if (headerLine.trim() === "") throw bad("envelope header: missing");
  const parsed = sentryEnvelopeHeaderSchema.safeParse(parseJsonObject(headerLine, "envelope header"));
  if (!parsed.success) throw bad("envelope header: dsn missing or invalid");
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const line = readLine();
    if (line.trim() === "") continue;
    if (items.length >= limits.maxItems) throw tooLarge(`envelope: more than ${limits.maxItems} items`);
    const header = parseJsonObject(line, `envelope item ${items.length + 1} header`);
    if (typeof header.type !== "string") throw bad(`envelope item ${items.length + 1} header: type missing`);
    let payload: Buffer;
    if (header.length !== undefined) {
      const length = header.length;
      if (typeof length !== "number" || !Number.isInteger(length) || length < 0 || offset + length > body.length) {
        throw bad(`envelope item ${items.length + 1}: bad length`);
      }
      payload = body.subarray(offset, offset + length);
      offset += length;
      if (body[offset] === NL) offset += 1;
    } else {
      payload = Buffer.from(readLine(), "utf8");
    }
    if (header.type === "event" && payload.length > limits.maxEventBytes) {
      throw tooLarge(`envelope item ${items.length + 1}: event larger than ${limits.maxEventBytes} bytes`);
    }
    items.push({ header, payload });
  }
  return { header: parsed.data, items };
}

/** `host` and `host:port` of a DSN, lower-cased, and its project id (the last path segment). */
export function dsnTarget(dsn: string): { hostname: string; host: string; projectId: string } {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw bad("envelope header: dsn is not a URL");
  }
  const projectId = url.pathname.split("/").filter(Boolean).pop() ?? "";
  return { hostname: url.hostname.toLowerCase(), host: url.host.toLowerCase(), projectId };
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function messageOf(event: Record<string, unknown>): string {
  const exception = event.exception as { values?: unknown } | undefined;
  const values = Array.isArray(exception?.values) ? (exception.values as Array<Record<string, unknown>>) : [];
  const last = values[values.length - 1];
  if (last) {
    const value = str(last.value);
    const type = str(last.type);
    if (value || type) return type && value ? `${type}: ${value}` : (value ?? type ?? "");
  }
  const message = event.message;
  if (typeof message === "string") return message;
  if (typeof message === "object" && message !== null) {
    const m = message as Record<string, unknown>;
    return str(m.formatted) ?? str(m.message) ?? "";
  }
  return str(event.logentry && (event.logentry as Record<string, unknown>).message) ?? "";
}

function tagsOf(value: unknown): Record<string, string> {
  const pairs: Array<[string, unknown]> = Array.isArray(value)
    ? (value as unknown[])
        .filter((p): p is [string, unknown] => Array.isArray(p) && typeof p[0] === "string")
        .map((p) => [p[0], p[1]])
    : typeof value === "object" && value !== null
      ? Object.entries(value)
      : [];
  return Object.fromEntries(
    pairs.slice(0, 100).map(([k, v]) => [cut(k, 200), cut(typeof v === "string" ? v : (JSON.stringify(v) ?? ""), 200)]),
  );
}

/** The stored row of one `event` item. */
export function eventFromItem(
  item: EnvelopeItem,
  envelopeEventId: string | undefined,
  projectId: string,
  ip: string,
  rawLimit: number,
): NewErrorEvent {
  const text = item.payload.toString("utf8");
  const event = parseJsonObject(text, "event item");
  const eventId = str(event.event_id) ?? envelopeEventId;
  if (!eventId || !/^[0-9a-f-]{16,64}$/i.test(eventId)) throw bad("event item: event_id missing or invalid");
  const breadcrumbs = event.breadcrumbs;
  const crumbs = Array.isArray(breadcrumbs)
    ? breadcrumbs.length
    : Array.isArray((breadcrumbs as { values?: unknown } | undefined)?.values)
      ? (breadcrumbs as { values: unknown[] }).values.length
      : 0;
  const request = event.request as Record<string, unknown> | undefined;
  return {
    eventId: eventId.replace(/-/g, "").toLowerCase(),
    projectId,
    level: cut(str(event.level) ?? "error", 16),
    message: cut(messageOf(event) || "(no message)", 2000),
    url: str(request?.url) ? cut(String(request?.url), 2000) : null,
    environment: str(event.environment) ? cut(String(event.environment), 64) : null,
    tags: tagsOf(event.tags),
    breadcrumbs: crumbs,
    ip,
    raw: cut(text, rawLimit),
  };
}

function toTunnelError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  // What the tunnel takes, not the JSON the rest of the API does.
  if (status === 415)
    return new ApiError(
      "unsupported_media_type",
      `content-type: unsupported media type, send ${ENVELOPE_CONTENT_TYPES[0]}`,
    );
  const kind: ErrorCode | undefined =
    fastifyError.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413
      ? "payload_too_large"
      : status === 429
        ? "rate_limited"
        : status >= 400 && status < 500
          ? "bad_request"
          : undefined;
  return kind ? new ApiError(kind) : new ApiError("internal");
}

const sentryRoutes: FastifyPluginCallback<SentryTunnelOptions> = (app, options, done) => {
  const projectIds = new Set(options.projectIds.map((p) => p.toLowerCase()));
  const dsnHosts = new Set(options.dsnHosts.map((h) => h.toLowerCase()));
  const doFetch = options.fetch ?? fetch;

  // Envelopes are text (the SDK posts them as text/plain or application/x-sentry-envelope): raw bytes, this scope only.
  for (const type of ENVELOPE_CONTENT_TYPES) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
  app.addContentTypeParser(
    ENVELOPE_CONTENT_TYPES,
    { parseAs: "buffer", bodyLimit: options.bodyLimit },
    (_request, body, doneParsing) => {
      doneParsing(null, body);
    },
  );

  app.setErrorHandler((error, request, reply) => {
    const apiError = toTunnelError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, "sentry tunnel failed");
    return sendError(reply, apiError);
  });

  endpoint(
    app,
    "sentryTunnel",
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const projectId = request.params.projectId.toLowerCase();
      if (!projectIds.has(projectId))
        throw new ApiError("forbidden", `projectId: unknown project "${cut(projectId, 40)}"`);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw bad("body: empty envelope");

      const envelope = parseEnvelope(body, options);
      const target = dsnTarget(envelope.header.dsn);
      if (!dsnHosts.has(target.hostname) && !dsnHosts.has(target.host))
        throw new ApiError("forbidden", "dsn: host not accepted");
      if (target.projectId.toLowerCase() !== projectId)
        throw new ApiError("forbidden", "dsn: project does not match the route");

      if (options.upstream) {
        let upstream: Response;
        try {
          upstream = await doFetch(`${options.upstream}/api/${encodeURIComponent(projectId)}/envelope/`, {
            method: "POST",
            headers: { "content-type": "application/x-sentry-envelope" },
            body: new Uint8Array(body),
            signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
          });
        } catch (error) {
          request.log.warn({ err: error }, "sentry upstream unreachable");
          return reply.code(502).type("application/json; charset=utf-8").send({ detail: "upstream unreachable" });
        }
        // The SDK backs off on 429 from these headers: pass them on.
        for (const name of ["retry-after", "x-sentry-rate-limits"]) {
          const value = upstream.headers.get(name);
          if (value !== null) reply.header(name, value);
        }
        const text = await upstream.text();
        return reply
          .code(upstream.status)
          .type(upstream.headers.get("content-type") ?? "application/json")
          .send(text);
      }

      const events = envelope.items
        .filter((item) => item.header.type === "event")
        .map((item) => eventFromItem(item, envelope.header.event_id, projectId, request.ip, options.rawLimit));
      // Bounded per client IP and in total (error-events-repository.ts): past its IP's bytes of the window, the
      // envelope is refused with 429 and Retry-After (the SDK backs off), and nothing of it is stored.
      const stored = await app.errorEvents.insertBounded(events, request.ip);
      if ("refused" in stored) {
        const windowS = stored.retryAfterS;
        throw new ApiError("rate_limited", `errors: this client's storage allowance for ${windowS} s is used up`, {
          headers: { "retry-after": String(windowS) },
        });
      }
      const id = events[0]?.eventId ?? envelope.header.event_id;
      return reply
        .code(200)
        .type("application/json; charset=utf-8")
        .send(id ? { id } : {});
    },
    {
      route: {
        bodyLimit: options.bodyLimit,
        config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs } },
      },
    },
  );
  done();
};

export default sentryRoutes;
