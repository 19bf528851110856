import { describe, expect, it } from "vitest";
import { affiliateLinkCreateRequestSchema } from "@affiliates/contracts";
import { LINK_CODE_PATTERN, LINK_LABEL_MAX, posterRebate } from "../src/components/dashboard/link-rules";
import { goalProgress } from "../src/components/dashboard/level-progress";

const apiAccepts = (fields: { label?: string; code?: string }) =>
  affiliateLinkCreateRequestSchema.safeParse({ label: "Channel", ...fields }).success;

describe("the link form checks what the API checks", () => {
  const codes = [
    "abcd",
    "ABCD1234",
    "a1b2c3d4e5f6g7h8",
    "abc",
    "a1b2c3d4e5f6g7h8i",
    "my-code",
    "my code",
    "kódigo",
    "１２３４",
    "",
    "aurora10",
  ];
  for (const code of codes) {
    it(`vanity code ${JSON.stringify(code)}`, () => {
      expect(LINK_CODE_PATTERN.test(code)).toBe(apiAccepts({ code }));
    });
  }

  it("labels up to the API's length", () => {
    expect(apiAccepts({ label: "x".repeat(LINK_LABEL_MAX) })).toBe(true);
    expect(apiAccepts({ label: "x".repeat(LINK_LABEL_MAX + 1) })).toBe(false);
  });
});

describe("the poster advertises only shares an invitee gets", () => {
  it("names both, one, or none", () => {
    expect(posterRebate(1000, 500)).toBe("both");
    expect(posterRebate(1000, 0)).toBe("spot");
    expect(posterRebate(0, 2000)).toBe("futures");
    expect(posterRebate(0, 0)).toBe("none");
  });
});

describe("level goals", () => {
  it("90 new traders against a goal of 15 is reached, not 600 %", () => {
    expect(goalProgress(90, 15)).toEqual({ met: true, remaining: 0, percent: 100 });
  });
  it("a goal not yet reached says what is missing", () => {
    expect(goalProgress(3, 15)).toEqual({ met: false, remaining: 12, percent: 20 });
    expect(goalProgress(2_100_000, 20_000_000)).toEqual({ met: false, remaining: 17_900_000, percent: 10 });
  });
  it("exactly the goal is reached; nothing done is 0 %", () => {
    expect(goalProgress(15, 15).met).toBe(true);
    expect(goalProgress(0, 15)).toEqual({ met: false, remaining: 15, percent: 0 });
  });
});
