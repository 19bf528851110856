import { describe, expect, it } from "vitest";
import { endpointPath, endpointUrl, ENDPOINTS } from "../src/endpoints";

describe("endpointPath and endpointUrl", () => {
  it("fill a path's parameters, URI-encoded; the URL is the same path from the origin's root", () => {
    expect(endpointPath("linkUpdate", { id: 7 })).toBe(ENDPOINTS.linkUpdate.path.replace(":id", "7"));
    expect(endpointUrl("linkUpdate", { id: "a/b" })).toBe(`/${ENDPOINTS.linkUpdate.path.replace(":id", "a%2Fb")}`);
    expect(endpointUrl("riskLogReport")).toBe(`/${ENDPOINTS.riskLogReport.path}`);
  });

  it("refuse a missing or empty parameter (a caller's bug)", () => {
    expect(() => endpointPath("linkUpdate", { id: "" })).toThrow(/linkUpdate: path parameter "id" is missing/);
  });
});
