import { describe, expect, it } from "vitest";
import {
  backoffCeiling,
  backoffDelay,
  createBackoff,
  createFetchSender,
  parseRetryAfter,
  UPLOAD_BACKOFF,
  type AnalyticsEvent,
} from "../src/index";
import { jsonResponse, okEnvelope } from "./fakes";
import { endpointUrl } from "@affiliates/contracts/endpoints";

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);

/** A small seeded generator (LCG) in [0, 1): varied but repeatable jitter. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

describe("the retry rule's numbers", () => {
  it("are base 500 ms, cap 60 s, Retry-After honoured up to 10 min", () => {
    expect(UPLOAD_BACKOFF).toEqual({ baseMs: 500, capMs: 60_000, maxRetryAfterMs: 600_000 });
  });
});

describe("backoffCeiling / backoffDelay", () => {
  it("doubles from the base with each consecutive failure and stops at the cap", () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => backoffCeiling(i + 1, UPLOAD_BACKOFF));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
    expect(backoffCeiling(0, UPLOAD_BACKOFF)).toBe(0);
    expect(backoffCeiling(10_000, UPLOAD_BACKOFF)).toBe(60_000); // no overflow to Infinity/NaN
  });

  it("is full jitter: random × the ceiling, from 0 up to (not including) the ceiling", () => {
    expect(backoffDelay(4, () => 0, UPLOAD_BACKOFF)).toBe(0);
    expect(backoffDelay(4, () => 0.5, UPLOAD_BACKOFF)).toBe(2000);
    expect(backoffDelay(4, () => 0.999_999, UPLOAD_BACKOFF)).toBe(3999);
    const random = seeded(42);
    for (let failures = 1; failures <= 40; failures += 1) {
      const delay = backoffDelay(failures, random, UPLOAD_BACKOFF);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(backoffCeiling(failures, UPLOAD_BACKOFF));
    }
  });

  it("clamps a random source that strays outside [0, 1)", () => {
    expect(backoffDelay(3, () => -1, UPLOAD_BACKOFF)).toBe(0);
    expect(backoffDelay(3, () => 7, UPLOAD_BACKOFF)).toBe(2000);
    expect(backoffDelay(3, () => Number.NaN, UPLOAD_BACKOFF)).toBe(0);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("7", NOW)).toBe(7000);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("1.5", NOW)).toBe(1500);
  });

  it("reads an HTTP date, relative to the given clock; a past date is 0", () => {
    expect(parseRetryAfter(new Date(NOW + 7000).toUTCString(), NOW)).toBe(7000);
    expect(parseRetryAfter("Thu, 15 Jan 2026 08:01:00 GMT", NOW)).toBe(60_000);
    expect(parseRetryAfter("Thu, 15 Jan 2026 07:59:00 GMT", NOW)).toBe(0);
  });

  it("is null when absent or unreadable", () => {
    for (const value of [null, undefined, "", "soon", "-5", "12-3", "NaN"])
      expect(parseRetryAfter(value, NOW), String(value)).toBeNull();
  });
});

describe("createBackoff", () => {
  it("grows the wait exponentially within the jitter bounds and stops at the cap", () => {
    const values: number[] = [];
    const base = seeded(7);
    const backoff = createBackoff({
      ...UPLOAD_BACKOFF,
      random: () => {
        const r = base();
        values.push(r);
        return r;
      },
    });
    let now = NOW;
    expect(backoff.ready(now)).toBe(true);
    for (let n = 1; n <= 15; n += 1) {
      const wait = backoff.fail(now, null);
      const ceiling = Math.min(60_000, 500 * 2 ** (n - 1));
      expect(wait).toBe(Math.floor((values[n - 1] ?? NaN) * ceiling));
      expect(wait).toBeLessThan(ceiling);
      expect(backoff.failures).toBe(n);
      expect(backoff.retryAt).toBe(now + wait);
      if (wait > 0) expect(backoff.ready(now + wait - 1)).toBe(false);
      expect(backoff.ready(now + wait)).toBe(true);
      now += wait;
    }
    // With the upper end of the jitter the waits show the doubling, then the cap.
    const high = createBackoff({ ...UPLOAD_BACKOFF, random: () => 0.999_999 });
    const waits = Array.from({ length: 10 }, () => high.fail(NOW, null));
    expect(waits).toEqual([499, 999, 1999, 3999, 7999, 15_999, 31_999, 59_999, 59_999, 59_999]);
  });

  it("waits at least a Retry-After, beyond the cap, up to 10 minutes", () => {
    const backoff = createBackoff({ ...UPLOAD_BACKOFF, random: () => 0.5 });
    expect(backoff.fail(NOW, 7000)).toBe(7000);
    expect(backoff.fail(NOW, 120_000)).toBe(120_000); // beyond the 60 s cap: honoured
    expect(backoff.fail(NOW, 3_600_000)).toBe(600_000); // an hour: the 10 min ceiling
    expect(backoff.fail(NOW, 10)).toBe(2000); // a short Retry-After does not cut the back-off
  });

  it("resets after a success; a success's Retry-After still delays the next try", () => {
    const backoff = createBackoff({ ...UPLOAD_BACKOFF, random: () => 0.5 });
    for (let i = 0; i < 6; i += 1) backoff.fail(NOW, null);
    expect(backoff.fail(NOW, null)).toBe(16_000);
    backoff.succeed(NOW + 1);
    expect(backoff.failures).toBe(0);
    expect(backoff.ready(NOW + 1)).toBe(true);
    expect(backoff.fail(NOW + 2, null)).toBe(250);
    backoff.succeed(NOW + 3, 5000);
    expect(backoff.ready(NOW + 3 + 4999)).toBe(false);
    expect(backoff.ready(NOW + 3 + 5000)).toBe(true);
  });
});

describe("createFetchSender and Retry-After", () => {
  const events = [{ event_id: "e1" } as AnalyticsEvent];
  const senderAnswering = (answer: ReturnType<typeof jsonResponse>) =>
    createFetchSender({
      fetch: () => Promise.resolve(answer),
      url: endpointUrl("analyticsIngest"),
      pfb: null,
      now: () => NOW,
    });

  it("passes the Retry-After of a 503 or 429 (seconds or HTTP date) with the retry", async () => {
    await expect(senderAnswering(jsonResponse(503, null, { "Retry-After": "7" }))(events)).resolves.toMatchObject({
      kind: "retry",
      retryAfterMs: 7000,
    });
    await expect(
      senderAnswering(jsonResponse(429, { code: "429" }, { "retry-after": new Date(NOW + 9000).toUTCString() }))(
        events,
      ),
    ).resolves.toMatchObject({
      kind: "retry",
      retryAfterMs: 9000,
    });
    const plain = await senderAnswering(jsonResponse(502, null))(events);
    expect(plain).toEqual({ kind: "retry", reason: "HTTP 502" });
  });

  it("passes it on any other answer too, except a 403 (spec: 10 s of silence, whatever the headers)", async () => {
    await expect(
      senderAnswering(jsonResponse(413, { msg: "too big" }, { "Retry-After": "30" }))(events),
    ).resolves.toMatchObject({ kind: "drop", retryAfterMs: 30_000 });
    const ok = okEnvelope({ duplicates: 0, rejected: [] });
    await expect(senderAnswering({ ...ok, headers: { get: () => "2" } })(events)).resolves.toMatchObject({
      kind: "ok",
      retryAfterMs: 2000,
    });
    await expect(
      senderAnswering(jsonResponse(403, { code: "403" }, { "Retry-After": "3600" }))(events),
    ).resolves.toEqual({ kind: "silence" });
  });

  it("never throws over odd headers", async () => {
    const broken = {
      ...jsonResponse(503, null),
      headers: {
        get: (): string | null => {
          throw new TypeError("headers are gone");
        },
      },
    };
    await expect(senderAnswering(broken)(events)).resolves.toEqual({ kind: "retry", reason: "HTTP 503" });
    await expect(
      senderAnswering({ ok: false, status: 503, json: () => Promise.resolve(null) })(events),
    ).resolves.toEqual({ kind: "retry", reason: "HTTP 503" });
  });
});
