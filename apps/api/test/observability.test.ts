import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiUrl } from "./helpers/api-url";
import { createTestApp, DIALECT, envelope, type TestApp } from "./helpers/test-app";

const ADMIN = "observability-admin-token";

/** What operators watch: Prometheus metrics on each instance, and the request id in the answer and error envelope. */
describe(`metrics and request ids (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  const scrape = async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const valueOf = (body: string, series: string): number => {
    const line = body.split("\n").find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it("counts requests per route pattern and status, fills fed, settlement and retention runs", async () => {
    await t.app.inject({ method: "GET", url: apiUrl("affiliateProgramme") });
    await t.app.inject({ method: "GET", url: "/v1/no/such/route" });
    const trades = [1, 2, 3].map((n) => ({
      tradeId: `obs-${DIALECT}-${n}`,
      userId: "7999999999",
      market: "spot",
      notional: 100,
      fee: 0.1,
      feeCurrency: "USDT",
      time: new Date(Date.now() - 60_000).toISOString(),
    }));
    for (const batch of [trades, trades.slice(0, 1)])
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: apiUrl("adminTrades"),
            headers: { "x-admin-token": ADMIN },
            payload: { trades: batch },
          })
        ).statusCode,
      ).toBe(200);
    await t.app.inject({ method: "POST", url: apiUrl("adminSettle"), headers: { "x-admin-token": ADMIN } });
    await t.app.retention.runOnce();

    const body = await scrape();
    expect(
      valueOf(body, 'http_request_duration_seconds_count{method="GET",route="/v1/affiliate/programme",status="200"}'),
    ).toBe(1);
    expect(valueOf(body, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(valueOf(body, 'feed_fills_total{outcome="accepted"}')).toBe(3);
    expect(valueOf(body, 'feed_fills_total{outcome="duplicate"}')).toBe(1);
    expect(valueOf(body, "feed_batch_duration_seconds_count")).toBe(2);
    expect(valueOf(body, "feed_lag_seconds")).toBeGreaterThanOrEqual(60);
    expect(valueOf(body, "settlement_runs_total")).toBe(1);
    expect(valueOf(body, "retention_runs_total")).toBe(1);
    if (DIALECT === "postgres") expect(valueOf(body, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it("answers every request with its id, names it in an error envelope, and takes a well-formed one from the hop", async () => {
    const refused = await t.app.inject({ method: "GET", url: apiUrl("adminAffiliateApplications") });
    const id = refused.headers["x-request-id"];
    expect(typeof id).toBe("string");
    expect(refused.json<{ requestId?: string }>().requestId).toBe(id);
    expect(envelope(refused).code).toBe("403");

    const given = await t.app.inject({
      method: "GET",
      url: apiUrl("adminAffiliateApplications"),
      headers: { "x-request-id": "0123456789abcdef0123456789abcdef" },
    });
    expect(given.headers["x-request-id"]).toBe("0123456789abcdef0123456789abcdef");
    expect(given.json<{ requestId?: string }>().requestId).toBe("0123456789abcdef0123456789abcdef");

    const forged = await t.app.inject({
      method: "GET",
      url: apiUrl("affiliateProgramme"),
      headers: { "x-request-id": "bad id\nwith a line break" },
    });
    expect(forged.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hands back the browser's trace id (requirements.md §3) when it has the spec's form, and nothing else", async () => {
    const traceId = "w1700000000123abcdefghijk";
    const traced = await t.app.inject({
      method: "GET",
      url: apiUrl("affiliateProgramme"),
      headers: { TraceId: traceId },
    });
    expect(traced.headers.traceid).toBe(traceId);
    for (const forged of ["w17000000001230zam12345678", "x1700000000123abcdefghijk", "w1700000000123ABCDEFGHIJK"]) {
      const answer = await t.app.inject({
        method: "GET",
        url: apiUrl("affiliateProgramme"),
        headers: { TraceId: forged },
      });
      expect(answer.headers.traceid).toBeUndefined();
    }
  });
});
