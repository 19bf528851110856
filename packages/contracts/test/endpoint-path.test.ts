import { describe, expect, it } from "vitest";
import { APP_ENDPOINTS, appEndpointPath, appEndpointUrl } from "../src/app-endpoints";
import { endpointPath, endpointUrl, ENDPOINTS } from "../src/endpoints";

describe("endpointPath and endpointUrl", () => {
  it("fill a path's parameters, URI-encoded; the URL is the same path from the origin's root", () => {
    expect(endpointPath("linkUpdate", { id: 7 })).toBe(ENDPOINTS.linkUpdate.path.replace(":id", "7"));
    expect(endpointUrl("linkUpdate", { id: "a/b" })).toBe(`/${ENDPOINTS.linkUpdate.path.replace(":id", "a%2Fb")}`);
    expect(endpointUrl("riskLogReport")).toBe(`/${ENDPOINTS.riskLogReport.path}`);
    expect(endpointPath("adminRiskRelease", { id: 3 })).toBe("v1/admin/risk/flags/3/release");
  });

  it("refuse a missing or empty parameter (a caller's bug)", () => {
    expect(() => endpointPath("linkUpdate", { id: "" })).toThrow(/linkUpdate: path parameter "id" is missing/);
    expect(() => appEndpointPath("linkUpdate", { id: "" })).toThrow(/linkUpdate: path parameter "id" is missing/);
  });
});

describe("the browser's table (APP_ENDPOINTS)", () => {
  it("is every call but the operators': the whole table is it plus the admin entries, unchanged", () => {
    const names = Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[];
    const admin = names.filter((name) => ENDPOINTS[name].access === "admin");
    expect(admin.length).toBeGreaterThan(0);
    expect(Object.keys(APP_ENDPOINTS).sort()).toEqual(names.filter((name) => !admin.includes(name)).sort());
    for (const [name, spec] of Object.entries(APP_ENDPOINTS))
      expect(ENDPOINTS[name as keyof typeof ENDPOINTS]).toBe(spec);
  });

  it("fills the web's paths as the whole table does", () => {
    expect(appEndpointPath("linkUpdate", { id: "a/b" })).toBe(endpointPath("linkUpdate", { id: "a/b" }));
    expect(appEndpointUrl("sentryTunnel", { projectId: 42 })).toBe(endpointUrl("sentryTunnel", { projectId: 42 }));
  });
});
