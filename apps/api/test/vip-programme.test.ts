import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  VipResponseCode,
  vipAirdropJoinedSchema,
  vipAirdropListSchema,
  vipAirdropParticipantListSchema,
  vipGuideSchema,
  vipProgrammeSchema,
  vipStatusSchema,
  type VipAirdrop,
} from "@affiliates/contracts";
import { DAY_MS } from "../src/platform/lib/days";
import { levelOfMetrics } from "../src/domains/vip/repository";
import {
  AFFILIATE,
  PLAIN_USER,
  createTestApp,
  deviceToken,
  envelope,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

const PARTNER = { email: "partner@example.com", password: "Partner#2026" } as const;
const ADMIN_TOKEN = "vip-admin-token";

describe("VIP programme API", () => {
  let t: TestApp;
  const sessions: Record<string, string> = {};
  let token = "";

  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN_TOKEN });
    for (const account of [AFFILIATE, PLAIN_USER, PARTNER]) {
      sessions[account.email] = sessionCookie(await login(t.app, account.email, account.password));
    }
    token = await deviceToken(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, email?: string) =>
    t.app.inject({ method: "GET", url, cookies: email ? { refresh_token: sessions[email] ?? "" } : {} });
  const join = (id: string, email?: string, headers: Record<string, string> = { "dy-token": token }) =>
    t.app.inject({
      method: "POST",
      url: apiUrl("vipAirdropJoin", { id }),
      headers,
      cookies: email ? { refresh_token: sessions[email] ?? "" } : {},
    });

  describe(routeTitle("vipProgramme"), () => {
    it("answers the eight levels with thresholds, fees, limits, benefits, the trial and the rules", async () => {
      const response = await get(apiUrl("vipProgramme"));
      expect(response.statusCode).toBe(200);
      const programme = vipProgrammeSchema.parse(envelope(response).data);
      expect(programme.levels.map((l) => l.name)).toEqual([
        "VIP0",
        "VIP1",
        "VIP2",
        "VIP3",
        "VIP4",
        "VIP5",
        "VIP6",
        "VIP7",
      ]);
      expect(programme.levels[0]).toMatchObject({
        spotMaker: 0.001,
        spotTaker: 0.001,
        futuresMaker: 0.0002,
        futuresTaker: 0.0006,
      });
      expect(programme.levels[2]).toMatchObject({
        spotVolume30d: 2_000_000,
        futuresVolume30d: 10_000_000,
        assets: 50_000,
        withdrawalLimit24h: 6_000_000,
      });
      expect(programme.benefits.map((b) => b.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(programme.benefits[0]).toEqual({
        level: 0,
        dedicatedManager: false,
        airdrops: false,
        vipEarn: false,
        apiRequestsPerSecond: 20,
        subAccounts: 20,
      });
      expect(programme.benefits[2]?.dedicatedManager).toBe(true);
      // API limits and sub-accounts never fall with the level.
      for (const [i, b] of programme.benefits.entries()) {
        const previous = programme.benefits[i - 1];
        if (previous) expect(b.apiRequestsPerSecond).toBeGreaterThanOrEqual(previous.apiRequestsPerSecond);
      }
      expect(programme.platformTokenDiscount).toBe(0.2);
      expect(programme.trial).toEqual({
        level: 1,
        days: 14,
        depositUsd: 15_000,
        spotVolume30d: 250_000,
        futuresVolume30d: 2_500_000,
      });
      expect(programme.rules).toEqual({ reviewHourUtc: 0, protectionDays: 60, graceDays: 15 });
    });

    it("refuses unknown query parameters with 400 and a message", async () => {
      const response = await get(apiUrl("vipProgramme", { level: 2 }));
      expect(response.statusCode).toBe(400);
      expect(envelope(response).code).toBe("400");
      expect(envelope(response).msg).toMatch(/^level: unknown field/);
    });

    it("falls back to the default rules when the setting is malformed", async () => {
      const other = await createTestApp();
      try {
        await other.app.db
          .updateTable("client_settings")
          .set({ value: '{"graceDays":"soon"}' })
          .where("key", "=", "vipRules")
          .execute();
        const programme = vipProgrammeSchema.parse(
          envelope(await other.app.inject({ method: "GET", url: apiUrl("vipProgramme") })).data,
        );
        expect(programme.rules.graceDays).toBe(15);
      } finally {
        await other.close();
      }
    });
  });

  describe(routeTitle("vipGuide"), () => {
    it("answers the FAQ in the asked language (query or Locale header), English for English variants", async () => {
      const en = vipGuideSchema.parse(envelope(await get(apiUrl("vipGuide"))).data);
      expect(en.locale).toBe("en");
      expect(en.faq.map((f) => f.id)).toEqual([
        "which-metric",
        "when-upgrade",
        "downgrade",
        "platform-token",
        "airdrops",
      ]);
      const ar = vipGuideSchema.parse(envelope(await get(apiUrl("vipGuide", { locale: "ar" }))).data);
      expect(ar.locale).toBe("ar");
      expect(ar.faq.map((f) => f.id)).toEqual(en.faq.map((f) => f.id));
      expect(ar.faq[0]?.question).toMatch(/[\u0600-\u06FF]/);
      const zh = vipGuideSchema.parse(envelope(await get(apiUrl("vipGuide", { locale: "zh-cn" }))).data);
      expect(zh.locale).toBe("zh-CN");
      const gb = vipGuideSchema.parse(envelope(await get(apiUrl("vipGuide", { locale: "en-GB" }))).data);
      expect(gb.locale).toBe("en");
      expect(gb.faq).toEqual(en.faq);
      const byHeader = vipGuideSchema.parse(
        envelope(await t.app.inject({ method: "GET", url: apiUrl("vipGuide"), headers: { locale: "ar" } })).data,
      );
      expect(byHeader).toEqual(ar);
    });

    it.each([
      ["a malformed locale", "locale=%3Cscript%3E", /^locale: /],
      ["an unknown parameter", "lang=en", /^lang: unknown field/],
    ])("refuses %s with 400", async (_name, query, msg) => {
      const response = await get(apiUrl("vipGuide", query));
      expect(response.statusCode).toBe(400);
      expect(envelope(response).msg).toMatch(msg);
    });
  });

  describe(routeTitle("vipStatus"), () => {
    it("needs a login", async () => {
      const response = await get(apiUrl("vipStatus"));
      expect(response.statusCode).toBe(401);
      expect(envelope(response).code).toBe("00004");
      const stale = await t.app.inject({
        method: "GET",
        url: apiUrl("vipStatus"),
        cookies: { refresh_token: "not-a-session" },
      });
      expect(stale.statusCode).toBe(401);
      expect(envelope(stale).code).toBe("00005");
    });

    it("gives the affiliate VIP2 by futures volume, with progress to VIP3 on each metric and VIP2 fees", async () => {
      const response = await get(apiUrl("vipStatus"), AFFILIATE.email);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const status = vipStatusSchema.parse(envelope(response).data);
      expect(status).toMatchObject({
        level: 2,
        name: "VIP2",
        qualifiedBy: "futuresVolume30d",
        metricLevel: 2,
        grace: null,
        withdrawalLimit24h: 6_000_000,
      });
      expect(status.metrics).toEqual({ spotVolume30d: 620_000, futuresVolume30d: 14_000_000, assets: 42_000 });
      expect(status.fees).toEqual({
        spotMaker: 0.00065,
        spotTaker: 0.0007,
        futuresMaker: 0.00016,
        futuresTaker: 0.0004,
      });
      expect(status.target).toEqual({
        level: 3,
        name: "VIP3",
        reason: "next",
        progress: [
          { metric: "spotVolume30d", current: 620_000, target: 8_000_000, ratio: 620_000 / 8_000_000 },
          { metric: "futuresVolume30d", current: 14_000_000, target: 20_000_000, ratio: 0.7 },
          { metric: "assets", current: 42_000, target: 250_000, ratio: 42_000 / 250_000 },
        ],
      });
    });

    it("gives the plain user VIP0 with no qualifying metric and progress to VIP1", async () => {
      const status = vipStatusSchema.parse(envelope(await get(apiUrl("vipStatus"), PLAIN_USER.email)).data);
      expect(status).toMatchObject({
        level: 0,
        qualifiedBy: null,
        grace: null,
        fees: { spotMaker: 0.001, spotTaker: 0.001, futuresMaker: 0.0002, futuresTaker: 0.0006 },
      });
      expect(status.target?.level).toBe(1);
      expect(status.target?.progress.find((p) => p.metric === "futuresVolume30d")).toEqual({
        metric: "futuresVolume30d",
        current: 800_000,
        target: 5_000_000,
        ratio: 0.16,
      });
    });

    it("keeps the partner at VIP3 during the grace period, with the progress needed to keep it", async () => {
      const status = vipStatusSchema.parse(envelope(await get(apiUrl("vipStatus"), PARTNER.email)).data);
      expect(status).toMatchObject({ level: 3, metricLevel: 1, qualifiedBy: "spotVolume30d" });
      expect(status.grace?.level).toBe(3);
      const left = Date.parse(status.grace?.endsAt ?? "") - Date.now();
      expect(left).toBeGreaterThan(8 * DAY_MS);
      expect(left).toBeLessThanOrEqual(9 * DAY_MS);
      expect(status.target).toMatchObject({ level: 3, reason: "keep" });
    });

    it("drops the grace period once it has ended", async () => {
      const later = await createTestApp({ now: () => Date.now() + 30 * DAY_MS });
      try {
        const session = sessionCookie(await login(later.app, PARTNER.email, PARTNER.password));
        const status = vipStatusSchema.parse(
          envelope(
            await later.app.inject({ method: "GET", url: apiUrl("vipStatus"), cookies: { refresh_token: session } }),
          ).data,
        );
        expect(status).toMatchObject({ level: 1, grace: null, target: { level: 2, reason: "next" } });
      } finally {
        await later.close();
      }
    });

    it("applies the highest level any one metric meets", () => {
      const levels = [
        {
          level: 0,
          name: "VIP0",
          spotMaker: 0,
          spotTaker: 0,
          futuresMaker: 0,
          futuresTaker: 0,
          spotVolume30d: 0,
          futuresVolume30d: 0,
          assets: 0,
        },
        {
          level: 1,
          name: "VIP1",
          spotMaker: 0,
          spotTaker: 0,
          futuresMaker: 0,
          futuresTaker: 0,
          spotVolume30d: 100,
          futuresVolume30d: 1000,
          assets: 10,
        },
        {
          level: 2,
          name: "VIP2",
          spotMaker: 0,
          spotTaker: 0,
          futuresMaker: 0,
          futuresTaker: 0,
          spotVolume30d: 200,
          futuresVolume30d: 2000,
          assets: 20,
        },
      ];
      expect(levelOfMetrics(levels, { spotVolume30d: 99, futuresVolume30d: 999, assets: 9 })).toEqual({
        level: 0,
        qualifiedBy: null,
      });
      expect(levelOfMetrics(levels, { spotVolume30d: 150, futuresVolume30d: 0, assets: 25 })).toEqual({
        level: 2,
        qualifiedBy: "assets",
      });
      expect(levelOfMetrics(levels, { spotVolume30d: 200, futuresVolume30d: 2000, assets: 0 })).toEqual({
        level: 2,
        qualifiedBy: "spotVolume30d",
      });
    });
  });

  describe("airdrops", () => {
    const byId = (campaigns: VipAirdrop[], id: string) => campaigns.find((c) => c.id === id);

    it("lists campaigns live first, then upcoming, then ended, with required levels; joined is null for a visitor", async () => {
      const response = await get(apiUrl("vipAirdrops"));
      expect(response.statusCode).toBe(200);
      const list = vipAirdropListSchema.parse(envelope(response).data);
      expect(list.userLevel).toBeNull();
      expect(list.campaigns.map((c) => [c.id, c.state, c.requiredLevel])).toEqual([
        ["nova-launch", "live", 1],
        ["zeta-prime", "live", 3],
        ["orbit-drop", "upcoming", 2],
        ["lumen-airdrop", "ended", 1],
      ]);
      expect(list.campaigns.every((c) => c.joined === null)).toBe(true);
      expect(byId(list.campaigns, "lumen-airdrop")?.participants).toBe(2);
      expect(Date.parse(byId(list.campaigns, "orbit-drop")?.startsAt ?? "")).toBeGreaterThan(Date.parse(list.now));
    });

    it("tells a logged-in user their level and which campaigns they joined", async () => {
      const list = vipAirdropListSchema.parse(envelope(await get(apiUrl("vipAirdrops"), PARTNER.email)).data);
      expect(list.userLevel).toBe(3);
      expect(byId(list.campaigns, "nova-launch")?.joined).toBe(true);
      expect(byId(list.campaigns, "zeta-prime")?.joined).toBe(false);
    });

    it("refuses a user below the required level with 403 and code 21001", async () => {
      const response = await join("nova-launch", PLAIN_USER.email);
      expect(response.statusCode).toBe(403);
      expect(envelope(response)).toEqual({
        code: VipResponseCode.levelTooLow,
        msg: "campaign: requires VIP1, your level is VIP0",
        data: null,
      });
      const affiliate = await join("zeta-prime", AFFILIATE.email);
      expect(affiliate.statusCode).toBe(403);
      expect(envelope(affiliate).code).toBe(VipResponseCode.levelTooLow);
      const list = vipAirdropListSchema.parse(envelope(await get(apiUrl("vipAirdrops"), PLAIN_USER.email)).data);
      expect(byId(list.campaigns, "nova-launch")?.joined).toBe(false);
    });

    it("lets an eligible user join once; joining again answers the first join", async () => {
      const before = vipAirdropListSchema.parse(envelope(await get(apiUrl("vipAirdrops"))).data);
      const first = await join("nova-launch", AFFILIATE.email);
      expect(first.statusCode).toBe(200);
      const joined = vipAirdropJoinedSchema.parse(envelope(first).data);
      expect(joined).toMatchObject({ campaignId: "nova-launch", alreadyJoined: false });
      const again = vipAirdropJoinedSchema.parse(envelope(await join("nova-launch", AFFILIATE.email)).data);
      expect(again).toEqual({ campaignId: "nova-launch", joinedAt: joined.joinedAt, alreadyJoined: true });
      const after = vipAirdropListSchema.parse(envelope(await get(apiUrl("vipAirdrops"), AFFILIATE.email)).data);
      expect(byId(after.campaigns, "nova-launch")).toMatchObject({
        joined: true,
        participants: (byId(before.campaigns, "nova-launch")?.participants ?? 0) + 1,
      });
      // The grace period's level counts: the partner (VIP3 in grace) may join the VIP3 campaign.
      expect((await join("zeta-prime", PARTNER.email)).statusCode).toBe(200);
    });

    it.each([
      ["upcoming", "orbit-drop", "campaign: has not started yet"],
      ["ended", "lumen-airdrop", "campaign: has ended"],
    ])("refuses joining an %s campaign with 409 and code 21002", async (_state, id, msg) => {
      const response = await join(id, PLAIN_USER.email);
      expect(response.statusCode).toBe(409);
      expect(envelope(response)).toEqual({ code: VipResponseCode.airdropNotLive, msg, data: null });
    });

    it("answers 404 for an unknown campaign and 400 for a malformed id", async () => {
      const unknown = await join("no-such-campaign", AFFILIATE.email);
      expect(unknown.statusCode).toBe(404);
      expect(envelope(unknown)).toEqual({ code: "404", msg: "campaign: not found", data: null });
      const malformed = await join("Bad_Id!", AFFILIATE.email);
      expect(malformed.statusCode).toBe(400);
      expect(envelope(malformed).msg).toMatch(/^id: must be 1-64 lower-case letters/);
    });

    it("needs the device token, then a login", async () => {
      const noToken = await join("nova-launch", AFFILIATE.email, {});
      expect(noToken.statusCode).toBe(403);
      expect(envelope(noToken)).toEqual({ code: "22001", msg: "dy-token: missing", data: null });
      const badToken = await join("nova-launch", AFFILIATE.email, { "dy-token": "x".repeat(40) });
      expect(badToken.statusCode).toBe(403);
      expect(envelope(badToken).msg).toBe("dy-token: unknown or expired");
      const visitor = await join("nova-launch");
      expect(visitor.statusCode).toBe(401);
      expect(envelope(visitor).code).toBe("00004");
    });

    it("shows operators who joined, behind the admin token", async () => {
      const url = apiUrl("adminAirdropParticipants", { id: "lumen-airdrop" });
      const response = await t.app.inject({ method: "GET", url, headers: { "x-admin-token": ADMIN_TOKEN } });
      expect(response.statusCode).toBe(200);
      const list = vipAirdropParticipantListSchema.parse(envelope(response).data);
      expect(list.campaignId).toBe("lumen-airdrop");
      expect(list.participants.map((p) => p.userId).sort()).toEqual(["8012345678", "8012345680"]);
      const refused = await t.app.inject({ method: "GET", url });
      expect(refused.statusCode).toBe(403);
      const unknown = await t.app.inject({
        method: "GET",
        url: apiUrl("adminAirdropParticipants", { id: "nope" }),
        headers: { "x-admin-token": ADMIN_TOKEN },
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await t.app.inject({
        method: "GET",
        url: apiUrl("adminAirdropParticipants", { id: "NOPE!" }),
        headers: { "x-admin-token": ADMIN_TOKEN },
      });
      expect(malformed.statusCode).toBe(400);
    });

    it("refuses a body-less GET on the join path and unknown list parameters without a 500", async () => {
      const wrongMethod = await t.app.inject({ method: "GET", url: apiUrl("vipAirdropJoin", { id: "nova-launch" }) });
      expect(wrongMethod.statusCode).toBe(404);
      const query = await get(apiUrl("vipAirdrops", { state: "live" }));
      expect(query.statusCode).toBe(400);
      expect(envelope(query).msg).toMatch(/^state: unknown field/);
    });
  });
});
