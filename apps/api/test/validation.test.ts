import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, deviceToken, envelope, type TestApp } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const JSON_TYPE = { "content-type": "application/json" };
const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(70 * 1024) });

interface BadCase {
  name: string;
  headers?: Record<string, string>;
  payload: string;
  status: number;
  msg: RegExp;
}

/** Bad bodies every JSON route refuses; `msg` must name the field (or body / content-type). */
const COMMON: BadCase[] = [
  { name: "malformed JSON", headers: JSON_TYPE, payload: '{"email":', status: 400, msg: /^body: malformed JSON$/ },
  { name: "a JSON string", headers: JSON_TYPE, payload: '"hello"', status: 400, msg: /^body: .*expected object/ },
  { name: "a JSON array", headers: JSON_TYPE, payload: "[]", status: 400, msg: /^body: .*expected object/ },
  { name: "JSON null", headers: JSON_TYPE, payload: "null", status: 400, msg: /^body: .*expected object/ },
  {
    name: "an unknown field",
    headers: JSON_TYPE,
    payload: JSON.stringify({ bogus: 1 }),
    status: 400,
    msg: /^bogus: unknown field/,
  },
  { name: "__proto__", headers: JSON_TYPE, payload: '{"__proto__":{"admin":true}}', status: 400, msg: /^body: / },
  {
    name: "a body over 64 KB",
    headers: JSON_TYPE,
    payload: big,
    status: 413,
    msg: /^body: the request body is too large$/,
  },
  { name: "text/plain", headers: { "content-type": "text/plain" }, payload: "hi", status: 415, msg: /^content-type: / },
  {
    name: "a form body",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "email=a",
    status: 415,
    msg: /^content-type: /,
  },
];

const ROUTES: Record<string, BadCase[]> = {
  [apiUrl("login")]: [
    ...COMMON,
    { name: "no body", payload: "", status: 400, msg: /^body: / },
    {
      name: "missing password",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "a@b.co" }),
      status: 400,
      msg: /^password: /,
    },
    {
      name: "email not an email",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "nope", password: "x" }),
      status: 400,
      msg: /^email: /,
    },
    {
      name: "email a number",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: 5, password: "x" }),
      status: 400,
      msg: /^email: .*expected string/,
    },
    {
      name: "password an object",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "a@b.co", password: {} }),
      status: 400,
      msg: /^password: /,
    },
    {
      name: "password too long",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(257) }),
      status: 400,
      msg: /^password: /,
    },
  ],
  [apiUrl("register")]: [
    ...COMMON,
    {
      name: "short password",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "a@b.co", password: "short" }),
      status: 400,
      msg: /^password: /,
    },
    {
      name: "bad mobile",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: "a@b.co", password: "long enough", mobile: "call me" }),
      status: 400,
      msg: /^mobile: /,
    },
    {
      name: "email too long",
      headers: JSON_TYPE,
      payload: JSON.stringify({ email: `${"a".repeat(250)}@b.co`, password: "long enough" }),
      status: 400,
      msg: /^email: /,
    },
  ],
  [apiUrl("logout")]: COMMON,
  [apiUrl("userInfo")]: [
    ...COMMON,
    {
      name: "terminalCode a number",
      headers: JSON_TYPE,
      payload: JSON.stringify({ terminalCode: 1 }),
      status: 400,
      msg: /^terminalCode: /,
    },
    {
      name: "locale too long",
      headers: JSON_TYPE,
      payload: JSON.stringify({ locale: "x".repeat(17) }),
      status: 400,
      msg: /^locale: /,
    },
  ],
  [apiUrl("clientCommonConfig")]: COMMON,
};

/** Login and register check the `dy-token` before the body: these cases carry a live one so they reach the body check. */
const NEEDS_DEVICE_TOKEN = new Set([apiUrl("login"), apiUrl("register")]);

describe.each(Object.entries(ROUTES))("POST %s refuses bad input", (url, cases) => {
  it.each(cases)("$name → $status", async ({ headers, payload, status, msg }) => {
    const token = NEEDS_DEVICE_TOKEN.has(url) ? { "dy-token": await deviceToken(t.app) } : {};
    const response = await t.app.inject({ method: "POST", url, headers: { ...token, ...headers }, payload });
    expect(response.statusCode).toBe(status);
    const body = envelope(response);
    expect(body.code).toBe(String(status));
    expect(body.msg).toMatch(msg);
    expect(body.data).toBeNull();
  });
});

describe("other bad requests", () => {
  it.each([
    // Table paths with a method the table does not give them.
    ["GET", apiUrl("login"), 404],
    ["DELETE", apiUrl("domainConfig"), 404],
    ["POST", apiUrl("domainConfig"), 404],
    // Not a table path: a malformed percent-escape, refused before routing.
    ["GET", "/v1/%E0%A4%A", 400],
  ] as const)("%s %s → %i envelope", async (method, url, status) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expect(envelope(response).code).toBe(String(status));
  });

  it("ignores marketing query parameters and refuses any other unknown one, naming the query", async () => {
    const tagged = "utm_source=news&utm_campaign=spring&fbclid=abc&gclid=def";
    expect((await t.app.inject({ method: "GET", url: apiUrl("domainConfig", tagged) })).statusCode).toBe(200);
    // A call with a query of its own too: the tags are dropped before its schema reads it.
    expect((await t.app.inject({ method: "GET", url: apiUrl("vipAirdrops", tagged) })).statusCode).toBe(200);
    for (const name of ["domainConfig", "vipAirdrops"] as const) {
      const response = await t.app.inject({ method: "GET", url: apiUrl(name, "x[y]=1&__proto__=2") });
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toBe("x[y], __proto__: unknown fields in query");
    }
    const body = await t.app.inject({
      method: "POST",
      url: apiUrl("supportMessage", "foo=1"),
      payload: { email: "visitor@example.com", message: "Where are the fee tiers?" },
    });
    expect(envelope(body).msg).toBe("foo: unknown field in query");
  });

  it("names a forbidden property name of a JSON body as such, not as malformed JSON", async () => {
    for (const payload of ['{"__proto__":{"a":1}}', '{"constructor":{"prototype":{"a":1}}}']) {
      const response = await t.app.inject({
        method: "POST",
        url: apiUrl("supportMessage"),
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toBe("body: forbidden property name (__proto__ or constructor)");
    }
  });

  it("refuses an oversized login form", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `email=a%40b.co&password=${"x".repeat(20 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(envelope(response).msg).toBe("body: the request body is too large");
  });
});
