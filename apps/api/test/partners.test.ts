import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PARTNER_APPLICATION_KINDS,
  PARTNER_MESSAGE_MAX,
  adminPartnerApplicationListSchema,
  brokerProgrammeSchema,
  incubationProgrammeSchema,
  institutionalProgrammeSchema,
  marketMakerProgrammeSchema,
  myPartnerApplicationSchema,
  partnerApplicationCreatedSchema,
  type PartnerApplicationKind,
  type PartnerApplicationRequest,
} from "@affiliates/contracts";
import {
  PLAIN_USER,
  createTestApp,
  deviceToken,
  envelope,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

const ADMIN_TOKEN = "partners-admin-token";
const ADMIN = { "x-admin-token": ADMIN_TOKEN };

const COMMON = {
  name: "Lena Ortiz",
  email: "lena@northwind.example",
  company: "Northwind Labs",
  telegram: "@lena",
  country: "PT" as const,
  message: "We would like to talk.",
};

/** A valid request of each kind. */
const VALID: { [K in PartnerApplicationKind]: Extract<PartnerApplicationRequest, { kind: K }> } = {
  broker: {
    kind: "broker",
    ...COMMON,
    brokerType: "api",
    platformUrl: "https://app.northwind.example",
    monthlyVolumeUsdt: 25_000_000,
    userCount: 12_000,
  },
  "market-maker": {
    kind: "market-maker",
    ...COMMON,
    monthlyVolumeUsdt: 80_000_000,
    markets: "BTC/USDT, ETH/USDT",
    exchanges: "Two tier-1 venues",
  },
  institutional: {
    kind: "institutional",
    ...COMMON,
    institutionType: "fund",
    assetsUsdt: 40_000_000,
    services: ["otc", "custody"],
  },
  "institutional-pro": {
    kind: "institutional-pro",
    ...COMMON,
    institutionType: "prop-trading",
    monthlyVolumeUsdt: 120_000_000,
    assetsUsdt: 9_000_000,
  },
  incubation: {
    kind: "incubation",
    ...COMMON,
    projectName: "Tidal Vaults",
    website: "https://tidal.example",
    stage: "testnet",
    sector: "defi",
    raisedUsdt: 1_500_000,
  },
};

describe("partner programmes", () => {
  let t: TestApp;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN_TOKEN });
    cookie = sessionCookie(await login(t.app, PLAIN_USER.email, PLAIN_USER.password));
    token = await deviceToken(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const apply = (
    payload: unknown,
    headers: Record<string, string> = { "dy-token": token },
    session: string | null = cookie,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: "POST",
      url: apiUrl("partnerApply"),
      payload: payload as object,
      headers,
      ...(session ? { cookies: { refresh_token: session } } : {}),
    });

  /** A refusal: 4xx (never 5xx), the envelope's message names the problem. */
  const expectRefused = (response: LightMyRequestResponse, status: number, message: RegExp) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = envelope(response);
    expect(body.msg).toMatch(message);
    expect(body.data).toBeNull();
  };

  describe("public programme figures", () => {
    it(`${routeTitle("brokerProgramme")}: four tiers by volume with own and affiliated commission, the markup cap, benefits and FAQ`, async () => {
      const response = await t.app.inject({ method: "GET", url: apiUrl("brokerProgramme") });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=60");
      expect(response.headers.vary).toMatch(/Locale/);
      const data = brokerProgrammeSchema.parse(envelope(response).data);
      expect(data.tiers.map((x) => x.name)).toEqual(["L1", "L2", "L3", "L4"]);
      expect(data.tiers[0]).toEqual({
        tier: 1,
        name: "L1",
        spotVolumeUsdt: 2_000_000,
        futuresVolumeUsdt: 10_000_000,
        activeTraders: 5,
        ownRateBps: 3000,
        affiliatedRateBps: 300,
      });
      expect(data.tiers.map((x) => x.ownRateBps)).toEqual([3000, 4000, 5000, 6000]);
      expect(data.maxMarkupBps).toBe(10);
      expect(data.benefits.map((b) => b.key)).toContain("markup");
      expect(data.faq.map((f) => f.id)).toEqual(["who", "markup"]);
      expect(data.faq[0]?.question).toBe("Who can become a broker?");
    });

    it(`${routeTitle("marketMakerProgramme")}: negative maker fees, API limits and the 75% maker ratio`, async () => {
      const response = await t.app.inject({ method: "GET", url: apiUrl("marketMakerProgramme") });
      expect(response.statusCode).toBe(200);
      const data = marketMakerProgrammeSchema.parse(envelope(response).data);
      expect(
        data.tiers.map((x) => [x.name, x.monthlyVolumeUsdt, x.makerFeePpm, x.apiRequestsPerSecond, x.minMakerRatioBps]),
      ).toEqual([
        ["T1", 10_000_000, -150, 100, 7500],
        ["T2", 5_000_000, -100, 70, 7500],
        ["T3", 2_000_000, -50, 50, 7500],
      ]);
      expect(data.reviewDays).toBe(30);
      expect(data.benefits.length).toBeGreaterThan(0);
    });

    it(`${routeTitle("institutionalProgramme")}: the services and the pro offer with its entry requirement`, async () => {
      const response = await t.app.inject({ method: "GET", url: apiUrl("institutionalProgramme") });
      expect(response.statusCode).toBe(200);
      const data = institutionalProgrammeSchema.parse(envelope(response).data);
      expect(data.services.map((s) => s.key)).toEqual(["subAccounts", "otc", "custody", "api", "support", "reporting"]);
      expect(data.services.find((s) => s.key === "otc")?.value).toBe(100_000);
      expect(data.pro.minMonthlyVolumeUsdt).toBe(50_000_000);
      expect(data.pro.minAssetsUsdt).toBe(5_000_000);
      expect(data.pro.offers.find((o) => o.key === "vipLevel")?.value).toBe(5);
    });

    it(`${routeTitle("incubationProgramme")}: offers, stages with their weeks, past cohorts newest first`, async () => {
      const response = await t.app.inject({ method: "GET", url: apiUrl("incubationProgramme") });
      expect(response.statusCode).toBe(200);
      const data = incubationProgrammeSchema.parse(envelope(response).data);
      expect(data.stages).toEqual([
        { key: "application", weeks: 2 },
        { key: "diligence", weeks: 3 },
        { key: "incubation", weeks: 12 },
        { key: "demoDay", weeks: 1 },
        { key: "launch", weeks: 4 },
      ]);
      expect(data.cohorts.length).toBe(8);
      expect(data.cohorts[0]?.cohort).toBe("2026 S1");
      expect(data.cohorts.at(-1)?.cohort).toBe("2025 S1");
      expect(data.cohorts.find((c) => c.name === "Harbor Swap")).toMatchObject({
        sector: "defi",
        raisedUsdt: 3_400_000,
        listedOn: "2025-12-09",
      });
      expect(data.offers.find((o) => o.key === "funding")?.value).toBe(500_000);
    });

    it("answers the FAQ in the Locale header's language, English for English variants", async () => {
      const ar = marketMakerProgrammeSchema.parse(
        envelope(await t.app.inject({ method: "GET", url: apiUrl("marketMakerProgramme"), headers: { locale: "ar" } }))
          .data,
      );
      expect(ar.faq[0]?.question).toBe("ما نسبة صانع السوق؟");
      const zh = incubationProgrammeSchema.parse(
        envelope(
          await t.app.inject({ method: "GET", url: apiUrl("incubationProgramme"), headers: { locale: "zh-CN" } }),
        ).data,
      );
      expect(zh.faq[1]?.question).toBe("孵化是否保证上币？");
      const gb = brokerProgrammeSchema.parse(
        envelope(await t.app.inject({ method: "GET", url: apiUrl("brokerProgramme"), headers: { locale: "en-GB" } }))
          .data,
      );
      expect(gb.faq[0]?.question).toBe("Who can become a broker?");
      const junk = await t.app.inject({
        method: "GET",
        url: apiUrl("brokerProgramme"),
        headers: { locale: "<script>" },
      });
      expect(junk.statusCode).toBe(200);
    });
  });

  describe(routeTitle("partnerApply"), () => {
    it.each(PARTNER_APPLICATION_KINDS)(
      "stores a valid %s application; the user reads it back; an operator lists it with its fields",
      async (kind) => {
        const response = await apply(VALID[kind], { "dy-token": token, locale: "ar" });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers["cache-control"]).toBe("no-store");
        const created = partnerApplicationCreatedSchema.parse(envelope(response).data);
        expect(created).toMatchObject({ kind, status: "pending" });

        const mine = await t.app.inject({
          method: "GET",
          url: apiUrl("myPartnerApplication", { kind }),
          cookies: { refresh_token: cookie },
        });
        expect(mine.statusCode).toBe(200);
        const { application } = myPartnerApplicationSchema.parse(envelope(mine).data);
        expect(application).toMatchObject({
          id: created.id,
          kind,
          status: "pending",
          company: "Northwind Labs",
          locale: "ar",
        });

        const list = await t.app.inject({
          method: "GET",
          url: apiUrl("adminPartnerApplications", { kind }),
          headers: ADMIN,
        });
        expect(list.statusCode).toBe(200);
        const { applications } = adminPartnerApplicationListSchema.parse(envelope(list).data);
        const stored = applications.find((a) => a.id === created.id);
        const { kind: _kind, name, email, company, telegram, country, message, ...details } = VALID[kind];
        expect(stored).toMatchObject({ kind, name, email, company, telegram, country, message, status: "pending" });
        expect(stored?.details).toEqual(details);
        expect(applications.every((a) => a.kind === kind)).toBe(true);
      },
    );

    it("the admin listing without a filter shows every kind, newest first; a wrong filter is 400; no token is 403", async () => {
      const list = await t.app.inject({
        method: "GET",
        url: apiUrl("adminPartnerApplications", { limit: 200 }),
        headers: ADMIN,
      });
      const { applications } = adminPartnerApplicationListSchema.parse(envelope(list).data);
      expect(new Set(applications.map((a) => a.kind))).toEqual(new Set(PARTNER_APPLICATION_KINDS));
      const ids = applications.map((a) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expectRefused(
        await t.app.inject({
          method: "GET",
          url: apiUrl("adminPartnerApplications", { kind: "lawyer" }),
          headers: ADMIN,
        }),
        400,
        /^kind: /,
      );
      expectRefused(
        await t.app.inject({ method: "GET", url: apiUrl("adminPartnerApplications", { limit: 0 }), headers: ADMIN }),
        400,
        /^limit: /,
      );
      expectRefused(
        await t.app.inject({ method: "GET", url: apiUrl("adminPartnerApplications") }),
        403,
        /x-admin-token/,
      );
    });

    it("refuses a request without a dy-token, or with a malformed or unknown one (403 22001), and stores nothing", async () => {
      const before = await countStored();
      const missing = await apply(VALID.broker, {});
      expectRefused(missing, 403, /^dy-token: missing$/);
      expect(envelope(missing).code).toBe("22001");
      expectRefused(await apply(VALID.broker, { "dy-token": "short" }), 403, /dy-token: must be exactly 40 characters/);
      expectRefused(await apply(VALID.broker, { "dy-token": "A".repeat(40) }), 403, /dy-token: unknown or expired/);
      expect(await countStored()).toBe(before);
    });

    it("refuses a visitor without a session (401)", async () => {
      const response = await apply(VALID.incubation, { "dy-token": token }, null);
      expect(response.statusCode).toBe(401);
      expect(["00004", "00005"]).toContain(envelope(response).code);
    });

    it("refuses a wrong or missing kind, naming the field", async () => {
      expectRefused(await apply({ ...VALID.broker, kind: "lawyer" }), 400, /^kind: Invalid discriminator value/);
      const { kind: _kind, ...noKind } = VALID.broker;
      expectRefused(await apply(noKind), 400, /^kind: /);
      // A market-maker body sent as a broker: the broker's own fields are missing or unknown.
      expectRefused(
        await apply({ ...VALID["market-maker"], kind: "broker" }),
        400,
        /^markets, exchanges: unknown fields in body$/,
      );
    });

    it.each(PARTNER_APPLICATION_KINDS)("%s: each missing required field is refused by name", async (kind) => {
      const required = Object.keys(VALID[kind]).filter(
        (key) => !["kind", "telegram", "message", "exchanges"].includes(key),
      );
      for (const field of required) {
        const body: Record<string, unknown> = { ...VALID[kind] };
        delete body[field];
        expectRefused(await apply(body), 400, new RegExp(`^${field}: `));
      }
    });

    it.each(PARTNER_APPLICATION_KINDS)(
      "%s: bad email, blank name, oversized message, unknown field and wrong types are 400",
      async (kind) => {
        const base = VALID[kind];
        expectRefused(await apply({ ...base, email: "not-an-email" }), 400, /^email: /);
        expectRefused(await apply({ ...base, name: "   " }), 400, /^name: /);
        expectRefused(await apply({ ...base, message: "x".repeat(PARTNER_MESSAGE_MAX + 1) }), 400, /^message: .*2000/);
        expectRefused(await apply({ ...base, company: "c".repeat(121) }), 400, /^company: /);
        expectRefused(await apply({ ...base, isAdmin: true }), 400, /^isAdmin: unknown field/);
        expectRefused(await apply({ ...base, country: 42 }), 400, /^country: /);
        expectRefused(await apply({ ...base, country: "-1" }), 400, /^country: /);
        expectRefused(await apply({ ...base, country: "Portugal" }), 400, /^country: /);
      },
    );

    it("refuses kind-specific bad values: URLs, enums, negative or fractional figures, an empty service list", async () => {
      expectRefused(
        await apply({ ...VALID.broker, platformUrl: "javascript:alert(1)" }),
        400,
        /^platformUrl: must be an http\(s\) URL/,
      );
      expectRefused(await apply({ ...VALID.broker, brokerType: "dealer" }), 400, /^brokerType: /);
      expectRefused(await apply({ ...VALID.broker, userCount: -1 }), 400, /^userCount: /);
      expectRefused(await apply({ ...VALID["market-maker"], monthlyVolumeUsdt: 1.5 }), 400, /^monthlyVolumeUsdt: /);
      expectRefused(await apply({ ...VALID["market-maker"], monthlyVolumeUsdt: 0 }), 400, /^monthlyVolumeUsdt: /);
      expectRefused(await apply({ ...VALID.broker, monthlyVolumeUsdt: 0 }), 400, /^monthlyVolumeUsdt: /);
      expectRefused(await apply({ ...VALID["market-maker"], markets: "x".repeat(301) }), 400, /^markets: /);
      expectRefused(await apply({ ...VALID.institutional, services: [] }), 400, /^services: /);
      expectRefused(await apply({ ...VALID.institutional, services: ["lending"] }), 400, /^services\.0: /);
      expectRefused(
        await apply({ ...VALID["institutional-pro"], institutionType: "bank-robber" }),
        400,
        /^institutionType: /,
      );
      expectRefused(await apply({ ...VALID.incubation, website: "ftp://tidal.example" }), 400, /^website: /);
      expectRefused(await apply({ ...VALID.incubation, stage: "series-c" }), 400, /^stage: /);
    });

    it("refuses bodies that are not an object, malformed JSON, and a body over the size limit, never with a 5xx", async () => {
      expectRefused(await apply([VALID.broker]), 400, /^body: /);
      expectRefused(await apply("broker"), 415, /^content-type: unsupported media type/);
      const malformed = await t.app.inject({
        method: "POST",
        url: apiUrl("partnerApply"),
        payload: '{"kind":',
        headers: { "content-type": "application/json", "dy-token": token },
        cookies: { refresh_token: cookie },
      });
      expectRefused(malformed, 400, /^body: malformed JSON$/);
      const huge = await apply({ ...VALID.broker, message: "x".repeat(2_000_000) });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      expect(envelope(huge).msg).not.toBe("");
    });
  });

  describe(routeTitle("myPartnerApplication"), () => {
    it("needs a session, a known kind, and answers null before any application", async () => {
      expect(
        (await t.app.inject({ method: "GET", url: apiUrl("myPartnerApplication", { kind: "broker" }) })).statusCode,
      ).toBe(401);
      expectRefused(
        await t.app.inject({
          method: "GET",
          url: apiUrl("myPartnerApplication", { kind: "lawyer" }),
          cookies: { refresh_token: cookie },
        }),
        400,
        /^kind: /,
      );
      expectRefused(
        await t.app.inject({ method: "GET", url: apiUrl("myPartnerApplication"), cookies: { refresh_token: cookie } }),
        400,
        /^kind: /,
      );
      const other = sessionCookie(await login(t.app, "affiliate@example.com", "Affiliate#2026"));
      const none = await t.app.inject({
        method: "GET",
        url: apiUrl("myPartnerApplication", { kind: "incubation" }),
        cookies: { refresh_token: other },
      });
      expect(myPartnerApplicationSchema.parse(envelope(none).data)).toEqual({ application: null });
    });
  });

  async function countStored(): Promise<number> {
    const list = await t.app.inject({
      method: "GET",
      url: apiUrl("adminPartnerApplications", { limit: 200 }),
      headers: ADMIN,
    });
    return adminPartnerApplicationListSchema.parse(envelope(list).data).applications.length;
  }
});
