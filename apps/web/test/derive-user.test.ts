import { describe, expect, it } from "vitest";
import type { UserOverview } from "@affiliates/contracts";
import { deriveUser, displayName } from "../src/lib/derive-user";

const ALL_OFF = { mbf: 0, ebf: 0, gbf: 0, tbf: 0, tpi: "", tpl: 0, kf: 0, oo: 0, oc: 0, ob: 0, eef: 0, mef: 0, gef: 0 };
const overview = (settings: Partial<UserOverview["settings"]> = {}): UserOverview => ({
  userInfo: { userId: "8012345678", mobile: "+1 415****2671", email: "af****@example.com" },
  settings: { ...ALL_OFF, ...settings },
  loginName: "af****@example.com",
  userName: "Aurora",
});

describe("deriveUser (requirements.md §3)", () => {
  it("with every flag off, nothing is bound or enabled and phone and email are hidden", () => {
    const user = deriveUser(overview());
    expect(user).toMatchObject({
      phone: "",
      email: "",
      bindPhone: false,
      bindEmail: false,
      bindGoogle: false,
      isFund: false,
      fundDisabled: false,
      hasRealValidate: false,
      openOtc: false,
      openContract: false,
      identityLevel: 0,
      openGtFees: false,
      emailEnable: false,
      phoneEnable: false,
      googleEnable: false,
    });
  });

  it("mbf = 1 binds the phone and shows it", () => {
    const user = deriveUser(overview({ mbf: 1 }));
    expect(user.bindPhone).toBe(true);
    expect(user.phone).toBe("+1 415****2671");
  });
  it("ebf = 1 binds the email and shows it", () => {
    const user = deriveUser(overview({ ebf: 1 }));
    expect(user.bindEmail).toBe(true);
    expect(user.email).toBe("af****@example.com");
  });
  it("phone and email are shown only when equal to 1", () => {
    const user = deriveUser(overview({ mbf: 2, ebf: 2 }));
    expect(user.phone).toBe("");
    expect(user.email).toBe("");
  });
  it.each([
    ["gbf", "bindGoogle"],
    ["tbf", "isFund"],
    ["tpl", "fundDisabled"],
    ["oo", "openOtc"],
    ["oc", "openContract"],
    ["ob", "openGtFees"],
    ["eef", "emailEnable"],
    ["mef", "phoneEnable"],
    ["gef", "googleEnable"],
  ] as const)("%s = 1 sets %s", (flag, field) => {
    expect(deriveUser(overview())[field]).toBe(false);
    expect(deriveUser(overview({ [flag]: 1 }))[field]).toBe(true);
  });
  it("kf = 2 means real-name verified; the level is kept", () => {
    expect(deriveUser(overview({ kf: 1 })).hasRealValidate).toBe(false);
    expect(deriveUser(overview({ kf: 2 }))).toMatchObject({ hasRealValidate: true, identityLevel: 2 });
  });
  it("tpi is the fund password value", () => {
    expect(deriveUser(overview({ tpi: "3" })).fundValue).toBe("3");
  });
  it("keeps ids and names, and shows the user name before the login name", () => {
    const user = deriveUser(overview());
    expect(user.userId).toBe("8012345678");
    expect(displayName(user)).toBe("Aurora");
    expect(displayName({ ...user, userName: "" })).toBe("af****@example.com");
  });
});
