import { describe, expect, it } from "vitest";
import { inviteeListQuerySchema } from "@affiliates/contracts";
import { inviteeSearchTerm } from "../src/lib/invitee-search";

const SAMPLES = [
  "70****12",
  "7012345678",
  "70",
  "*",
  "abcXYZ09",
  "a".repeat(32),
  "a".repeat(33),
  "70-12",
  "70 12",
  "70****12;",
  "ü12",
  "７０",
];

describe("invitee search", () => {
  it("accepts a whole or partial UID (digits, up to 20) and refuses a masked id or letters (issue 34)", () => {
    expect(inviteeSearchTerm("7012345678")).toBe("7012345678");
    expect(inviteeSearchTerm("  2345 ")).toBe("2345");
    expect(inviteeSearchTerm("12345678901234567890")).toBe("12345678901234567890");
    expect(inviteeSearchTerm("123456789012345678901")).toBeNull();
    expect(inviteeSearchTerm("   ")).toBe("");
    expect(inviteeSearchTerm("70****12")).toBeNull();
    expect(inviteeSearchTerm("abc")).toBeNull();
    expect(inviteeSearchTerm("70-12")).toBeNull();
  });

  it("agrees with the API's query schema on every sample", () => {
    for (const sample of SAMPLES) {
      const api = inviteeListQuerySchema.safeParse({ search: sample }).success;
      expect(inviteeSearchTerm(sample) === sample, sample).toBe(api);
    }
  });
});
