import { describe, expect, it } from "vitest";
import { globalSettingsOf } from "../src/lib/global-settings";
import { STORAGE_KEYS } from "../src/lib/constants";
import { isGlobalLoading, trackLoading } from "../src/state/global-loading";
import { shellUserOf } from "../src/lib/shell-user";
import type { DerivedUser } from "../src/lib/derive-user";

describe("global settings in storage (requirements.md §3)", () => {
  it("uses the spec's keys", () => {
    expect(Object.values(STORAGE_KEYS.settings)).toEqual([
      "locale",
      "theme",
      "layout",
      "unit",
      "show-asset",
      "valuationUnit",
      "login",
      "direction",
      "terminalCode",
    ]);
  });

  it("holds the language, theme, layout, units, login state, direction and terminal code", () => {
    expect(
      globalSettingsOf({ locale: "ar", theme: "Black", inApp: false, isLogin: true, terminalCode: "tc1" }),
    ).toEqual({
      locale: "ar",
      theme: "Dark",
      layout: "web",
      unit: "USDT",
      valuationUnit: "AED",
      login: "1",
      direction: "rtl",
      terminalCode: "tc1",
    });
    expect(globalSettingsOf({ locale: "ja", theme: "White", inApp: true, isLogin: false, terminalCode: "" })).toEqual({
      locale: "ja",
      theme: "Light",
      layout: "app",
      unit: "USDT",
      valuationUnit: "JPY",
      login: "0",
      direction: "ltr",
    });
  });
});

describe("the global loading flag (requirements.md §3)", () => {
  it("is on while any tracked call runs, failed ones included, and off when all have settled", async () => {
    let finishFirst!: () => void;
    let failSecond!: (error: Error) => void;
    const first = trackLoading(new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = trackLoading(new Promise<void>((_, reject) => (failSecond = reject)));
    expect(isGlobalLoading()).toBe(true);
    finishFirst();
    await first;
    expect(isGlobalLoading()).toBe(true);
    failSecond(new Error("503"));
    await expect(second).rejects.toThrow("503");
    expect(isGlobalLoading()).toBe(false);
  });
});

describe("user info for the header and footer (requirements.md §2: only when a userId exists)", () => {
  const user = (userId: string) => ({ userId, userName: "Ann", loginName: "ann@example.com" }) as DerivedUser;
  it("passes the user on with a userId, and nothing without one or without a login", () => {
    expect(shellUserOf({ isLogin: true, userResult: user("8012") })?.userId).toBe("8012");
    expect(shellUserOf({ isLogin: true, userResult: user("") })).toBeNull();
    expect(shellUserOf({ isLogin: true, userResult: user("  ") })).toBeNull();
    expect(shellUserOf({ isLogin: false, userResult: user("8012") })).toBeNull();
    expect(shellUserOf({ isLogin: true, userResult: null })).toBeNull();
  });
});
