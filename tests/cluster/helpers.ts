import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { DEVICE_TOKEN_APP_IDS, isSuccessCode, type AnalyticsEventContract } from "@affiliates/contracts";
import { apiUrl } from "../../apps/api/test/helpers/api-url";
import { sampleAnalyticsEvent } from "../support/analytics-event";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The instance that answered: the last address of nginx's X-Upstream (earlier ones were tried and failed). */
  upstream: string;
}

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * The client's own address (any 127.x.y.z on Linux): nginx sees it as $remote_addr, the API keys its per-IP limits
   * on it. Different tests use different addresses, so their counts never mix.
   */
  from?: string;
}

// Keep-alive per source address (the agent pools sockets by local address too).
const agent = new http.Agent({ keepAlive: true, maxSockets: 32, maxFreeSockets: 4 });

/**
 * A request that went out on a kept-alive connection the server had just closed (nginx's old workers close their
 * idle connections when it reloads): the server never read it, and browsers send it again on a new connection
 * (Chromium: a reused socket reset or closed before any answer). Counted, so a suite can report it.
 */
export const resent = { count: 0 };

class StaleConnectionError extends Error {}

/** A body cut short after the status line had reached the client: no proxy can send such a request again. */
export class CutShortError extends Error {
  constructor(
    message: string,
    readonly upstream: string,
  ) {
    super(message);
  }
}

function upstreamOf(headers: http.IncomingHttpHeaders): string {
  const header = headers["x-upstream"];
  return (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").pop()?.trim() ?? "";
}

/**
 * One HTTP request to nginx, sent once more (as browsers do) only when a reused idle connection turned out closed
 * before any answer; rejects on any other transport error or a body cut short.
 */
export async function send(edge: string, options: SendOptions): Promise<Answer> {
  try {
    return await sendOnce(edge, options);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    resent.count += 1;
    return sendOnce(edge, options);
  }
}

function sendOnce(edge: string, options: SendOptions): Promise<Answer> {
  const url = new URL(options.path, edge);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: {
          ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        agent,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        const upstream = upstreamOf(response.headers);
        response.on("aborted", () => reject(new CutShortError("response aborted", upstream)));
        response.on("end", () => {
          if (!response.complete) {
            reject(new CutShortError("response cut short", upstream));
            return;
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            upstream,
          });
        });
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error("no answer within 30 s")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      const stale =
        request.reusedSocket && !answered && (error.code === "ECONNRESET" || error.message === "socket hang up");
      reject(stale ? new StaleConnectionError(error.message) : error);
    });
    request.end(options.body);
  });
}

/** `127.<group>.<n / 250>.<n % 250 + 1>`: a pool of client addresses per test. */
export const clientAddress = (group: number, n: number): string =>
  `127.${group}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

export const portOf = (upstream: string): number => Number(upstream.split(":").pop());

/**
 * `count` distinct ports nothing listens on, handed out by the OS (each listened on at once on port 0, then let go):
 * the cluster never starts on fixed ports another service on the machine may hold.
 */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => net.createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once("error", reject);
          probe.listen(0, "127.0.0.1", () => {
            const address = probe.address();
            resolve(typeof address === "object" && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  if (ports.some((port) => port === 0)) throw new Error("no port from the OS");
  return ports;
}

export interface EnvelopeBody {
  code: string;
  msg: string;
  data: unknown;
}

export function envelopeOf(answer: Answer): EnvelopeBody {
  const body = JSON.parse(answer.body) as EnvelopeBody;
  if (typeof body.code !== "string" || !("data" in body)) throw new Error(`not an envelope: ${answer.body}`);
  return body;
}

export const json = (value: unknown): { headers: Record<string, string>; body: string } => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(value),
});

/** A device token for APP_ENV=online (the `dy-token` login needs), issued as the token SDK gets one. */
export async function deviceToken(edge: string, from: string): Promise<string> {
  const answer = await send(edge, {
    method: "POST",
    path: apiUrl("deviceTokenIssue"),
    from,
    ...json({ appId: DEVICE_TOKEN_APP_IDS.online, fingerprint: `cluster-${randomBytes(8).toString("hex")}` }),
  });
  const { token } = envelopeOf(answer).data as { token?: string };
  if (answer.status !== 200 || typeof token !== "string")
    throw new Error(`no device token: ${answer.status} ${answer.body}`);
  return token;
}

/** POST /v1/user/login; the answer as it came. */
export function login(edge: string, from: string, token: string, email: string, password: string): Promise<Answer> {
  const body = json({ email, password });
  return send(edge, {
    method: "POST",
    path: apiUrl("login"),
    from,
    headers: { ...body.headers, "dy-token": token },
    body: body.body,
  });
}

/** The `refresh_token=…` cookie pair of a login answer. */
export function sessionCookieOf(answer: Answer): string {
  const cookies = answer.headers["set-cookie"] ?? [];
  const pair = cookies.map((c) => c.split(";")[0] ?? "").find((c) => c.startsWith("refresh_token="));
  if (!pair) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return pair;
}

export function userInfo(edge: string, from: string, cookie: string): Promise<Answer> {
  const body = json({ terminalCode: "cluster", locale: "en" });
  return send(edge, {
    method: "POST",
    path: apiUrl("userInfo"),
    from,
    headers: { ...body.headers, cookie },
    body: body.body,
  });
}

export const isOk = (answer: Answer): boolean => answer.status === 200 && isSuccessCode(envelopeOf(answer).code);

/**
 * A browser's analytics stream: one device, one session (`${deviceId}${time}${0-100}`), events numbered by a
 * device-wide log sequence, event id `${sessionId}:${logSeq}` (packages/analytics/src/enrich.ts).
 */
export function createEventSource(label: string) {
  const deviceId = `${label}${randomBytes(6).toString("hex")}`;
  const now = Date.now();
  const sessionId = `${deviceId}${now}${Math.floor(Math.random() * 101)}`;
  let logSeq = 0;
  const next = (): AnalyticsEventContract => {
    logSeq += 1;
    return sampleAnalyticsEvent(logSeq, {
      device_id: deviceId,
      session_id: sessionId,
      timestamp: now + logSeq,
      first_visit_time: now,
      url: "http://localhost:8080/affiliates",
      url_host: "localhost:8080",
      source_target: "http://localhost:8080/affiliates",
      event_tracking: `cluster_${logSeq}`,
      log_env: "online",
    });
  };
  return { deviceId, batch: (size: number) => Array.from({ length: size }, next) };
}

/**
 * Uploads one batch; acknowledged only when the API answered 200 with every event accepted or already stored — as
 * the client's queue treats it (anything else stays queued and is sent again, with the same event ids).
 */
export async function uploadBatch(
  edge: string,
  from: string,
  deviceId: string,
  events: readonly AnalyticsEventContract[],
): Promise<boolean> {
  try {
    const body = json(events);
    const answer = await send(edge, {
      method: "POST",
      path: apiUrl("analyticsIngest"),
      from,
      headers: { ...body.headers, deviceid: deviceId },
      body: body.body,
    });
    if (answer.status !== 200) return false;
    const data = envelopeOf(answer).data as { accepted: number; duplicates: number; rejected: unknown[] };
    if (data.rejected.length > 0) throw new Error(`events rejected: ${JSON.stringify(data.rejected)}`);
    return data.accepted + data.duplicates === events.length;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("events rejected")) throw error;
    return false;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** GET a page as a browser does; a page view "fails" unless it is a 200 with a whole HTML document. */
export async function pageView(
  edge: string,
  from: string,
  path: string,
): Promise<{ ok: boolean; upstream: string; detail: string; cutShort?: boolean }> {
  try {
    const answer = await send(edge, {
      path,
      from,
      headers: { accept: "text/html,application/xhtml+xml", "user-agent": "Mozilla/5.0 cluster-test" },
    });
    const ok = answer.status === 200 && /<\/html>\s*$/i.test(answer.body);
    return { ok, upstream: answer.upstream, detail: ok ? "" : `${answer.status} ${answer.body.slice(0, 120)}` };
  } catch (error) {
    if (error instanceof CutShortError)
      return { ok: false, upstream: error.upstream, detail: `${error.message} (${error.upstream})`, cutShort: true };
    return { ok: false, upstream: "", detail: error instanceof Error ? error.message : String(error) };
  }
}
