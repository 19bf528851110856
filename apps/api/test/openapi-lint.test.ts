import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "../src/platform/http/openapi";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let source: string;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  source = response.body;
});
afterAll(async () => {
  await t.close();
});

describe(`${OPENAPI_PATH} under Redocly's recommended rules`, () => {
  it("has no error and no warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ""}`);
    expect(lines).toEqual([]);
  });
});
