import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import apiPaths from "../../../packages/contracts/src/api-paths.json";
import Fastify from "fastify";
import { appPlugin } from "../src/app";
import { loadConfig } from "../src/platform/config";

// One pattern names the API's paths for the web front and the load balancer (api-paths.json): it must take every
// route the API has and leave every page to the web.
const API_PATH = new RegExp(apiPaths.pattern);

describe("the API's paths (packages/contracts/src/api-paths.json)", () => {
  let app: FastifyInstance;
  const routes: string[] = [];
  beforeAll(async () => {
    // The application plugin on a bare instance that records every route as it is added.
    app = Fastify({ logger: false });
    app.addHook("onRoute", (route) => {
      routes.push(route.url);
    });
    await app.register(appPlugin, { ...loadConfig(), databaseUrl: ":memory:", logger: false, seed: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it("covers every call of the endpoint table", () => {
    const missed = Object.entries(ENDPOINTS)
      .map(([name, spec]) => [name, `/${spec.path.replace(/:(\w+)/g, "x")}`] as const)
      .filter(([, path]) => !API_PATH.test(path));
    expect(missed).toEqual([]);
  });

  it("covers every route the API registers, but its own operational ones", () => {
    expect(routes.length).toBeGreaterThan(Object.keys(ENDPOINTS).length);
    const operational = /^\/(healthz|readyz|metrics)$/;
    const missed = routes
      .map((route) => route.replace(/:(\w+)/g, "x").replace(/\*$/, "x"))
      .filter((route) => !operational.test(route) && !API_PATH.test(route));
    expect(missed).toEqual([]);
  });

  it("leaves the product's pages, their assets and health checks to the web", () => {
    for (const path of [
      "/affiliates",
      "/ja/affiliates/fee",
      "/de/affiliates/dashboard",
      "/_next/static/a.js",
      "/healthz",
      "/registered",
      "/loginx",
    ])
      expect(API_PATH.test(path), path).toBe(false);
    for (const path of ["/login", "/ja/login", "/es-AR/register/", "/logout", "/r/abc", "/v1/user/info"])
      expect(API_PATH.test(path), path).toBe(true);
  });
});
