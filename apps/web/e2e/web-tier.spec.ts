import { expect, test } from "@playwright/test";
import { apiPath, deviceToken } from "./fixtures";

/**
 * The web tier's own front (apps/web/server.mjs), through the public port as a client meets it: the client's address
 * comes from what the server saw, the API's answers pass unchanged (an oversized body is a 413 with the envelope,
 * never a proxy's 500), read-only pages refuse other methods, and no internal header leaks.
 */

const localIp = async (request: import("@playwright/test").APIRequestContext, headers: Record<string, string> = {}) => {
  const response = await request.post(apiPath("clientCommonConfig"), { data: {}, headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { localVo: { ip: string } } }).data.localVo.ip;
};

test("a client's own X-Forwarded-For does not pick its IP: the API sees the address the web tier saw", async ({
  request,
}) => {
  const real = await localIp(request);
  for (const spoofed of ["203.0.113.9", "198.51.100.7, 203.0.113.10"]) {
    expect(await localIp(request, { "x-forwarded-for": spoofed }), spoofed).toBe(real);
  }
});

test("rotating X-Forwarded-For does not escape the login throttle", async ({ context }) => {
  // An account nobody has: only this test's failures count on it.
  const email = `nobody-${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const response = await context.request.post(apiPath("login"), {
      data: { email, password: "Wrong-password-1" },
      headers: { "dy-token": await deviceToken(context), "x-forwarded-for": `203.0.113.${attempt + 1}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429]);
});

test("bodies over the API's limits are a 413 with the envelope through the public port, every time", async ({
  request,
}) => {
  const cases = [
    { path: apiPath("login"), bytes: 2 * 1024 * 1024 },
    { path: apiPath("analyticsIngest"), bytes: Math.round(1.1 * 1024 * 1024) },
    { path: apiPath("sentryTunnel", { projectId: 1 }), bytes: Math.round(1.2 * 1024 * 1024) },
  ];
  for (const { path, bytes } of cases) {
    for (let round = 0; round < 3; round += 1) {
      const body = JSON.stringify({ pad: "x".repeat(bytes) });
      const response = await request.post(path, { data: body, headers: { "content-type": "application/json" } });
      expect(response.status(), `${path} #${round}`).toBe(413);
      expect(((await response.json()) as { code: string; data: unknown }).code, path).toBe("413");
    }
  }
});

test("unsupported methods are a 405 on every path, pages answer GET and HEAD only", async ({ request }) => {
  for (const path of ["/affiliates", "/affiliates/fee", "/ja/affiliates", apiPath("login"), "/login", "/anything"]) {
    const response = await request.fetch(path, { method: "TRACE" });
    expect(response.status(), `TRACE ${path}`).toBe(405);
    expect(response.headers()["allow"], `TRACE ${path}`).toBeTruthy();
  }
  const post = await request.post("/affiliates", {
    data: "x=1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(post.status()).toBe(405);
  expect(post.headers()["allow"]).toBe("GET, HEAD");
});

test("no answer carries Next's internal rewrite header or the API's address", async ({ request }) => {
  for (const path of [apiPath("domainConfig"), "/login", "/affiliates", "/affiliates/fee"]) {
    const response = await request.get(path, { headers: { accept: "text/html" } });
    expect(response.status(), path).toBeLessThan(400);
    const headers = response.headers();
    expect(
      Object.keys(headers).filter((name) => name.startsWith("x-middleware")),
      path,
    ).toEqual([]);
    expect(JSON.stringify(headers), path).not.toContain("127.0.0.1:4");
  }
});

test("the web tier answers its health checks without a session", async ({ request }) => {
  const live = await request.get("/healthz");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
});

test("the web tier counts its requests by kind and status for Prometheus on /metrics", async ({ request }) => {
  const count = (text: string, series: string) =>
    Number(
      text
        .split("\n")
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1) ?? 0,
    );
  const series = 'http_request_duration_seconds_count{kind="page",method="GET",status="200"}';
  const before = count(await (await request.get("/metrics")).text(), series);
  expect((await request.get("/affiliates", { headers: { accept: "text/html" } })).status()).toBe(200);
  const answer = await request.get("/metrics");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  expect(count(text, series)).toBe(before + 1);
  expect(text).toContain("process_resident_memory_bytes");
});

test("a page elsewhere cannot post to the site: cross-site login, register and logout are refused, logout is POST only", async ({
  request,
}) => {
  const foreign = { origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" };
  for (const path of ["/login", "/register", "/ja/login", "/logout", apiPath("logout")]) {
    const response = await request.post(path, {
      data: "email=a%40example.com&password=x",
      headers: foreign,
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(403);
  }
  const viaGet = await request.get("/logout", { maxRedirects: 0 });
  expect(viaGet.status()).toBe(405);
  expect(viaGet.headers()["allow"]).toBe("POST");
});
