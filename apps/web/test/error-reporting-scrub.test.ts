import { endpointUrl } from "@affiliates/contracts/endpoints";
import { describe, expect, it } from "vitest";
import {
  FILTERED,
  isSensitiveKey,
  scrubBreadcrumb,
  scrubEvent,
  scrubString,
  scrubUrl,
  scrubValue,
} from "../src/lib/error-reporting/scrub";

const F = FILTERED;
/** A real call's URL: what the client's breadcrumbs and reports carry. */
const LOGIN = endpointUrl("login");

describe("isSensitiveKey (requirements.md §8 names, any case, _ - and camelCase variants)", () => {
  it.each([
    "loginName",
    "login_name",
    "LOGIN-NAME",
    "loginname",
    "password",
    "Password",
    "newPassword",
    "passwd",
    "pwd",
    "pwd2",
    "token",
    "access_token",
    "refreshToken",
    "custom-token",
    "dy-token",
    "email",
    "userEmail",
    "e_mail_address",
    "mobile",
    "mobileNumber",
    "phone",
    "phone_number",
    "address",
    "walletAddress",
    "ip_address",
    "idCard",
    "id_card",
    "id-card",
    "IDCARD",
    "secure",
    "secureKey",
    "salary",
    "monthlySalary",
    "login%5Fname",
  ])("%s is sensitive", (name) => {
    expect(isSensitiveKey(name)).toBe(true);
  });

  it.each([
    "id",
    "userId",
    "name",
    "userName",
    "locale",
    "language",
    "code",
    "msg",
    "url",
    "method",
    "page",
    "theme",
    "card",
  ])("%s is not", (name) => {
    expect(isSensitiveKey(name)).toBe(false);
  });
});

describe("scrubUrl: query and fragment parameters", () => {
  it.each([
    ["/affiliates/fee?password=hunter2&email=a@b.c&token=xyz", `/affiliates/fee?password=${F}&email=${F}&token=${F}`],
    ["https://x.example/a?page=2&access_token=abc#top", `https://x.example/a?page=2&access_token=${F}#top`],
    ["https://x.example/a?loginName=bob&lang=en", `https://x.example/a?loginName=${F}&lang=en`],
    [
      "/some/path?id_card=123456&idCard=9&mobile=%2B1415&phone=1",
      `/some/path?id_card=${F}&idCard=${F}&mobile=${F}&phone=${F}`,
    ],
    ["/cb#access_token=abc&state=1", `/cb#access_token=${F}&state=1`],
    ["/plain/path?page=1", "/plain/path?page=1"],
    ["/a?email=a%40b.c", `/a?email=${F}`],
    ["/a?secure=1&salary=9000&address=Main%20St", `/a?secure=${F}&salary=${F}&address=${F}`],
  ])("%s", (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
  });
});

describe("scrubString: JSON strings, form bodies, free text", () => {
  it.each([
    ['{"email":"a@b.c","password":"x","locale":"en"}', `{"email":"${F}","password":"${F}","locale":"en"}`],
    ['[{"token":"t"},{"n":1}]', `[{"token":"${F}"},{"n":1}]`],
    ['{"user":{"loginName":"bob","id":7}}', `{"user":{"loginName":"${F}","id":7}}`],
    ["email=a%40b.c&password=p&remember=1", `email=${F}&password=${F}&remember=1`],
    ["login_name=bob&pwd=x", `login_name=${F}&pwd=${F}`],
    ["GET /some/path?token=abc failed", `GET /some/path?token=${F} failed`],
    ["contact a.user@example.com now", `contact ${F} now`],
    ['truncated {"password":"hunter2","email":"a@b', `truncated {"password":"${F}","email":"a@b`],
    ["refresh_token=abc; language=en", `refresh_token=${F}; language=en`],
    ["nothing to see", "nothing to see"],
  ])("%s", (input, expected) => {
    expect(scrubString(input)).toBe(expected);
  });
});

describe("scrubValue: nested objects, arrays, pairs", () => {
  it("replaces sensitive keys at any depth and scrubs every string", () => {
    const input = {
      url: `${LOGIN}?email=a@b.c`,
      params: { terminalCode: "t1", password: "p", nested: { deeper: { phone: "+1", note: "x" } } },
      body: '{"email":"a@b.c","amount":5}',
      list: [{ token: "a" }, "ok", 3, null],
      pairs: [
        ["password", "x"],
        ["page", "2"],
      ],
      count: 2,
      flag: true,
    };
    expect(scrubValue(input)).toEqual({
      url: `${LOGIN}?email=${F}`,
      params: { terminalCode: "t1", password: F, nested: { deeper: { phone: F, note: "x" } } },
      body: `{"email":"${F}","amount":5}`,
      list: [{ token: F }, "ok", 3, null],
      pairs: [
        ["password", F],
        ["page", "2"],
      ],
      count: 2,
      flag: true,
    });
    expect(input.params.password).toBe("p");
  });

  it("survives cycles", () => {
    const a: Record<string, unknown> = { password: "x" };
    a.self = a;
    const out = scrubValue(a);
    expect(out.password).toBe(F);
  });
});

describe("scrubBreadcrumb and scrubEvent", () => {
  it("filters breadcrumb url, data and message", () => {
    const crumb = scrubBreadcrumb({
      category: "fetch",
      message: `POST ${LOGIN}?loginName=bob`,
      data: { url: `${LOGIN}?password=x&page=1`, method: "POST", body: "email=a%40b.c&x=1", status_code: 200 },
    });
    expect(crumb).toEqual({
      category: "fetch",
      message: `POST ${LOGIN}?loginName=${F}`,
      data: { url: `${LOGIN}?password=${F}&page=1`, method: "POST", body: `email=${F}&x=1`, status_code: 200 },
    });
  });

  it("filters request, breadcrumbs, extra, contexts, tags, user, message and exception values", () => {
    const event = scrubEvent({
      message: "failed for a@b.c",
      request: {
        url: "http://localhost/affiliates/fee?password=hunter2&email=a@b.c&token=xyz",
        query_string: "password=hunter2&page=1",
        headers: { "custom-token": "t", Referer: "http://localhost/a?token=1" },
        data: { loginName: "bob" },
        cookies: { refresh_token: "r" },
      },
      breadcrumbs: [{ message: "navigate ?email=a@b.c", data: { to: "/x?pwd=1" } }],
      extra: { body: '{"password":"x"}', salary: 1 },
      contexts: { state: { idCard: "1", ok: 1 } },
      tags: { token: "t", page: "fee" },
      user: { id: "7", email: "a@b.c", ip_address: "1.2.3.4" },
      exception: { values: [{ value: "bad /some/path?access_token=abc" }] },
    });
    expect(event).toEqual({
      message: `failed for ${F}`,
      request: {
        url: `http://localhost/affiliates/fee?password=${F}&email=${F}&token=${F}`,
        query_string: `password=${F}&page=1`,
        headers: { "custom-token": F, Referer: `http://localhost/a?token=${F}` },
        data: { loginName: F },
        cookies: { refresh_token: F },
      },
      breadcrumbs: [{ message: `navigate ?email=${F}`, data: { to: `/x?pwd=${F}` } }],
      extra: { body: `{"password":"${F}"}`, salary: F },
      contexts: { state: { idCard: F, ok: 1 } },
      tags: { token: F, page: "fee" },
      user: { id: "7", email: F, ip_address: F },
      exception: { values: [{ value: `bad /some/path?access_token=${F}` }] },
    });
  });
});
