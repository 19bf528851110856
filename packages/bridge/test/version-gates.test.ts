import { describe, expect, it } from "vitest";
import {
  ACTION_GATES,
  compareVersions,
  parseVersion,
  supports,
  supportsAction,
  VERSION_GATES,
  type GatedFeature,
} from "../src";

describe("VERSION_GATES (requirements.md §9)", () => {
  it("holds the spec's versions", () => {
    expect(VERSION_GATES).toEqual({
      titleBarTheme: "2.56.0",
      navRightItems: "2.56.0",
      webVisible: "2.27.0",
      deposit: "2.13.0",
      savings: "2.12.0",
      coupon: "2.10.0",
      contract: "1.9.0",
      coinPage: "1.5.0",
      h5Router: "2.39.0",
      financialAssets: "2.37.0",
      // Not in the spec: the media actions of docs/bridge.md §3.
      share: "2.61.0",
      saveImage: "2.61.0",
      copy: "2.61.0",
    });
  });

  const cases: [GatedFeature, string, string, string][] = [
    ["titleBarTheme", "2.55.9", "2.56.0", "2.56.1"],
    ["navRightItems", "2.55.99", "2.56.0", "3.0.0"],
    ["webVisible", "2.26.9", "2.27.0", "2.27.1"],
    ["deposit", "2.12.9", "2.13.0", "2.14.0"],
    ["savings", "2.11.9", "2.12.0", "2.12.1"],
    ["coupon", "2.9.99", "2.10.0", "2.10.1"],
    ["contract", "1.8.9", "1.9.0", "1.10.0"],
    ["share", "2.60.9", "2.61.0", "2.61.1"],
    ["coinPage", "1.4.9", "1.5.0", "1.5.1"],
    ["h5Router", "2.38.9", "2.39.0", "2.40.0"],
    ["financialAssets", "2.36.9", "2.37.0", "2.37.1"],
  ];
  it.each(cases)("%s: %s is too old, %s and %s pass", (feature, below, at, above) => {
    expect(supports(feature, below)).toBe(false);
    expect(supports(feature, at)).toBe(true);
    expect(supports(feature, above)).toBe(true);
  });

  it("an unknown or unparsable version fails every gate", () => {
    for (const feature of Object.keys(VERSION_GATES) as GatedFeature[]) {
      expect(supports(feature, null)).toBe(false);
      expect(supports(feature, undefined)).toBe(false);
      expect(supports(feature, "latest")).toBe(false);
    }
  });

  it("ungated actions pass whatever the version; gated ones follow their gate", () => {
    for (const action of ["request", "login", "reportEvents", "getDeviceToken"] as const) {
      expect(ACTION_GATES[action]).toBeUndefined();
      expect(supportsAction(action, null)).toBe(true);
    }
    expect(supportsAction("openDeposit", "2.12.0")).toBe(false);
    expect(supportsAction("openDeposit", "2.13.0")).toBe(true);
  });
});

describe("compareVersions", () => {
  it.each([
    ["1.0.0", "1.0.0", 0],
    ["1.0.1", "1.0.0", 1],
    ["1.9.0", "1.10.0", -1],
    ["2.10.0", "2.9.9", 1],
    ["2.56", "2.56.0", 0],
    ["2.56.0-beta.1", "2.56.0", -1],
    ["2.56.0-beta.2", "2.56.0-beta.10", -1],
    ["2.56.0-alpha", "2.56.0-beta", -1],
    ["2.56.0+build.5", "2.56.0", 0],
    ["v3.0.0", "2.99.99", 1],
  ] as const)("compareVersions(%s, %s) = %s", (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it("parses or refuses", () => {
    expect(parseVersion("2.60.1")).toEqual({ major: 2, minor: 60, patch: 1, prerelease: null });
    expect(parseVersion("abc")).toBeNull();
    expect(parseVersion("")).toBeNull();
  });
});
