import { describe, expect, it } from "vitest";
import { AccountRole, ContentType, HttpVerb, isSharedResponseCode, SharedResponseCode } from "../src";

describe("the enumerations of requirements.md §3", () => {
  it("has default 0, strategy 1, subscriber 2", () => {
    expect(AccountRole).toEqual({ default: 0, strategy: 1, subscriber: 2 });
  });

  it("has the shared response codes SUCCESS 0, ERROR 1, TIMEOUT 401, and tells them from other numbers", () => {
    expect(SharedResponseCode).toEqual({ SUCCESS: 0, ERROR: 1, TIMEOUT: 401 });
    expect([0, 1, 401].every(isSharedResponseCode)).toBe(true);
    expect([2, 400, "0", null].some(isSharedResponseCode)).toBe(false);
  });

  it("has the verbs and content types", () => {
    expect(Object.values(HttpVerb)).toEqual(["GET", "POST", "PUT", "DELETE"]);
    expect(ContentType).toEqual({
      json: "application/json",
      formUrlencoded: "application/x-www-form-urlencoded",
      multipart: "multipart/form-data",
    });
  });
});
