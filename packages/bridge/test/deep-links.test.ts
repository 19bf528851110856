import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AppResponseUnexpectedError,
  ASSET_TABS,
  BusinessLine,
  createBridge,
  DEEP_LINK_TARGETS,
  MarginMode,
  NOT_IN_APP,
  openDeepLink,
  WEB_FALLBACK_URLS,
  type AppInfo,
  type Bridge,
  type DeepLinkParams,
  type DeepLinkTarget,
} from "../src";
import { counterIds, createFakeTransport, type FakeTransport } from "./fake-transport";

const APP: AppInfo = { inApp: true, platform: "android", version: "2.60.0" };
let fake: FakeTransport;
let bridge: Bridge;

beforeEach(() => {
  vi.useFakeTimers();
  fake = createFakeTransport();
  bridge = createBridge({ transport: fake.transport, appVersion: APP.version, idFactory: counterIds() });
});
afterEach(() => {
  bridge.destroy();
  vi.useRealTimers();
});

/** Opens in the app and answers success; returns the posted message. */
async function openInApp<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T], appInfo: AppInfo = APP) {
  const navigate = vi.fn();
  const outcome = openDeepLink(target, params, { bridge, appInfo, navigate });
  const message = fake.lastSent();
  fake.answer(message.id, { code: "00000", data: "opened" });
  await expect(outcome).resolves.toEqual({ via: "app", data: "opened" });
  expect(navigate).not.toHaveBeenCalled();
  return message;
}

async function openOnWeb<T extends DeepLinkTarget>(
  target: T,
  params: DeepLinkParams[T],
  appInfo: AppInfo = NOT_IN_APP,
) {
  const navigate = vi.fn();
  const outcome = await openDeepLink(target, params, { bridge, appInfo, navigate });
  expect(fake.sent).toEqual([]);
  expect(navigate).toHaveBeenCalledOnce();
  return { url: navigate.mock.calls[0]?.[0] as string, outcome };
}

describe("deep links inside the app", () => {
  it("login: closeGuide, referralCode, inviteCode; empties dropped", async () => {
    const message = await openInApp("login", { closeGuide: false, referralCode: "REF1", inviteCode: "" });
    expect(message).toMatchObject({ action: "login", params: { closeGuide: false, referralCode: "REF1" } });
    expect(message.params).toEqual({ closeGuide: false, referralCode: "REF1" });
  });

  it("login with no params sends {}", async () => {
    expect((await openInApp("login", {})).params).toEqual({});
  });

  it("coin page: every spec parameter", async () => {
    const params = {
      symbol: "BTCUSDT",
      type: 1,
      chainName: "ETH",
      chainContract: "0xabc",
      spotLine: 2,
      positionType: 0,
      spotArea: "main",
      symbolId: 42,
      fromCoinName: "USDT",
      toCoinName: "BTC",
    };
    const message = await openInApp("coinPage", params);
    expect(message.action).toBe("openCoinPage");
    expect(message.params).toEqual(params);
  });

  it("coin page: null, undefined and empty dropped", async () => {
    const message = await openInApp("coinPage", {
      symbol: "ETHUSDT",
      chainName: null,
      chainContract: undefined,
      spotArea: "",
    });
    expect(message.params).toEqual({ symbol: "ETHUSDT" });
  });

  it("contract: symbolId and bizLine", async () => {
    const message = await openInApp("contract", { symbolId: "BTCUSDT_UMCBL", bizLine: BusinessLine.usdtContract });
    expect(message).toMatchObject({ action: "openContract", params: { symbolId: "BTCUSDT_UMCBL", bizLine: 10 } });
    expect(message.params).toEqual({ symbolId: "BTCUSDT_UMCBL", bizLine: 10 });
  });

  it("deposit: coinName and coinId", async () => {
    const message = await openInApp("deposit", { coinName: "USDT", coinId: 2 });
    expect(message.action).toBe("openDeposit");
    expect(message.params).toEqual({ coinName: "USDT", coinId: 2 });
  });

  it("coupon centre: tab", async () => {
    const message = await openInApp("couponCenter", { tab: "unused" });
    expect(message.action).toBe("openCouponCenter");
    expect(message.params).toEqual({ tab: "unused" });
  });

  it("H5 router: the url encoded plus extra params, empties dropped", async () => {
    const message = await openInApp("h5Router", {
      url: "https://example.com/a?b=1&c=2",
      title: "Fee",
      hideBar: true,
      empty: "",
      none: null,
    });
    expect(message.action).toBe("openH5Router");
    expect(message.params).toEqual({
      url: "https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2",
      title: "Fee",
      hideBar: true,
    });
  });

  it("financial assets: type (an asset tab) and the other five", async () => {
    const params = {
      type: "financial",
      coinId: 2,
      operationType: 1,
      secondOperationType: 3,
      businessLine: BusinessLine.finance,
      tokenId: "t1",
    } as const;
    const message = await openInApp("financialAssets", params);
    expect(message.action).toBe("openFinancialAssets");
    expect(message.params).toEqual(params);
  });

  it("savings: no params", async () => {
    const message = await openInApp("savings", {});
    expect(message).toEqual({ id: "web_1", action: "openSavings", params: {} });
  });

  it("a bridge error rejects (the page shows the refresh prompt) and does not navigate", async () => {
    const navigate = vi.fn();
    const outcome = openDeepLink("deposit", { coinName: "BTC" }, { bridge, appInfo: APP, navigate });
    fake.answer("web_1", { code: "500" });
    await expect(outcome).rejects.toBeInstanceOf(AppResponseUnexpectedError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("deep links on the web", () => {
  it.each([
    ["login", { referralCode: "R" }, "/login"],
    ["coinPage", { symbol: "BTCUSDT", type: 1 }, "/trade/BTCUSDT"],
    ["coinPage", {}, "/markets"],
    ["contract", { symbolId: "BTCUSDT_UMCBL", bizLine: 10 }, "/futures/BTCUSDT_UMCBL"],
    ["contract", {}, "/futures"],
    ["deposit", { coinName: "USDT", coinId: 2 }, "/assets/deposit?coin=USDT&coinId=2"],
    ["deposit", { coinName: "", coinId: null }, "/assets/deposit"],
    ["couponCenter", { tab: "expired" }, "/coupons?tab=expired"],
    ["couponCenter", {}, "/coupons"],
    ["h5Router", { url: "https://example.com/x?y=1", title: "t" }, "https://example.com/x?y=1"],
    ["h5Router", { url: "/affiliates/fee" }, "/affiliates/fee"],
    ["financialAssets", { type: "spot", coinId: 1 }, "/assets/spot"],
    ["financialAssets", {}, "/assets/overview"],
    ["savings", {}, "/earn"],
  ] as [DeepLinkTarget, DeepLinkParams[DeepLinkTarget], string][])(
    "%s %j navigates to %s",
    async (target, params, expected) => {
      const { url, outcome } = await openOnWeb(target, params);
      expect(url).toBe(expected);
      expect(outcome).toEqual({ via: "web", url: expected, reason: "outsideApp" });
    },
  );

  it("encodes path segments", async () => {
    expect((await openOnWeb("coinPage", { symbol: "A/B C" })).url).toBe("/trade/A%2FB%20C");
  });

  it("refuses to navigate to a non-http url", async () => {
    const navigate = vi.fn();
    for (const url of ["javascript:alert(1)", "//evil.example/x", "data:text/html,x"]) {
      await expect(openDeepLink("h5Router", { url }, { bridge: null, appInfo: NOT_IN_APP, navigate })).resolves.toEqual(
        {
          via: "none",
          url,
          reason: "unsafeUrl",
        },
      );
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it("takes overrides of the fallback table", async () => {
    const navigate = vi.fn();
    await openDeepLink(
      "login",
      {},
      {
        bridge: null,
        appInfo: NOT_IN_APP,
        navigate,
        webUrls: { login: () => "/ja/login?from=%2Faffiliates&source=cms" },
      },
    );
    expect(navigate).toHaveBeenCalledWith("/ja/login?from=%2Faffiliates&source=cms");
  });

  it("in the app without a bridge, falls back to the web", async () => {
    const navigate = vi.fn();
    await expect(openDeepLink("savings", {}, { bridge: null, appInfo: APP, navigate })).resolves.toEqual({
      via: "web",
      url: "/earn",
      reason: "noBridge",
    });
  });
});

describe("deep links when the app is too old", () => {
  const justBelow: Record<Exclude<DeepLinkTarget, "login">, string> = {
    coinPage: "1.4.9",
    contract: "1.8.9",
    deposit: "2.12.9",
    couponCenter: "2.9.9",
    h5Router: "2.38.9",
    financialAssets: "2.36.9",
    savings: "2.11.9",
  };
  const sample: DeepLinkParams = {
    login: {},
    coinPage: { symbol: "BTCUSDT" },
    contract: { symbolId: "X" },
    deposit: { coinName: "USDT" },
    couponCenter: { tab: "a" },
    h5Router: { url: "/affiliates" },
    financialAssets: { type: "margin" },
    savings: {},
  };

  it.each(Object.entries(justBelow) as [Exclude<DeepLinkTarget, "login">, string][])(
    "%s below its gate (%s) navigates to the web page",
    async (target, version) => {
      const { url, outcome } = await openOnWeb(target, sample[target], { inApp: true, platform: "ios", version });
      expect(url).toBe(WEB_FALLBACK_URLS[target](sample[target] as never));
      expect(outcome).toMatchObject({ via: "web", reason: "appTooOld" });
    },
  );

  it.each(Object.keys(justBelow) as Exclude<DeepLinkTarget, "login">[])(
    "%s at its gate goes through the app",
    async (target) => {
      const feature = DEEP_LINK_TARGETS[target].feature;
      const { VERSION_GATES } = await import("../src");
      const message = await openInApp(target, sample[target], {
        inApp: true,
        platform: "ios",
        version: VERSION_GATES[feature],
      });
      expect(message.action).toBe(DEEP_LINK_TARGETS[target].action);
    },
  );

  it("an unknown app version falls back for gated links; login still goes through the app", async () => {
    const unknown: AppInfo = { inApp: true, platform: "android", version: null };
    expect((await openOnWeb("deposit", { coinName: "USDT" }, unknown)).outcome).toMatchObject({ reason: "appTooOld" });
    expect((await openInApp("login", {}, unknown)).action).toBe("login");
  });
});

describe("enumerations", () => {
  it("match requirements.md §2 and §3", () => {
    expect(BusinessLine).toEqual({
      spot: 1,
      usdtContract: 10,
      coinContract: 11,
      usdcContract: 12,
      spotMargin: 23,
      finance: 6,
    });
    expect(MarginMode).toEqual({ cross: 0, isolated: 1 });
    expect(ASSET_TABS).toEqual(["overview", "spot", "contract", "p2p", "financial", "swap", "reward", "margin"]);
  });
});
