import { describe, expect, it } from "vitest";
import { originOf, serverPublicOrigin } from "../src/lib/public-origin";
import {
  documentRuntimeConfig,
  renderedAtBuild,
  runtimeAttributes,
  serverRuntimeConfig,
  toAppEnv,
} from "../src/lib/runtime-config";

/** What differs per deployment is read at run time; one build serves any origin and environment. */
describe("run-time settings", () => {
  it("APP_ENV: beta and online as given, anything else test", () => {
    expect(["beta", "online", "test", "prod", "", null, undefined].map(toAppEnv)).toEqual([
      "beta",
      "online",
      "test",
      "test",
      "test",
      "test",
      "test",
    ]);
  });

  it("the server reads its environment", () => {
    expect(serverRuntimeConfig({ APP_ENV: "online", SENTRY_DSN: " https://k@sentry.example/7 " })).toEqual({
      appEnv: "online",
      sentryDsn: "https://k@sentry.example/7",
    });
    expect(serverRuntimeConfig({})).toEqual({ appEnv: "test", sentryDsn: undefined });
    expect(serverRuntimeConfig({ PUBLIC_ORIGIN: "https://exchange.example/path" })).toMatchObject({
      publicOrigin: "https://exchange.example",
    });
    expect(serverRuntimeConfig({ PUBLIC_ORIGIN: "javascript:alert(1)" }).publicOrigin).toBeUndefined();
  });

  it("the browser reads what the server wrote on <html>, the same attributes", () => {
    const attributes = runtimeAttributes({ appEnv: "beta", sentryDsn: "https://k@h/1" });
    expect(attributes).toEqual({ "data-app-env": "beta", "data-sentry-dsn": "https://k@h/1" });
    const doc = {
      documentElement: { getAttribute: (name: string) => attributes[name] ?? null },
    } as unknown as Document;
    expect(documentRuntimeConfig(doc)).toEqual({ appEnv: "beta", sentryDsn: "https://k@h/1" });
    const withOrigin = runtimeAttributes({ appEnv: "test", sentryDsn: undefined, publicOrigin: "https://x.example" });
    expect(withOrigin).toEqual({ "data-app-env": "test", "data-public-origin": "https://x.example" });
    const originDoc = {
      documentElement: { getAttribute: (name: string) => withOrigin[name] ?? null },
    } as unknown as Document;
    expect(documentRuntimeConfig(originDoc).publicOrigin).toBe("https://x.example");
    const bare = { documentElement: { getAttribute: () => null } } as unknown as Document;
    expect(documentRuntimeConfig(bare)).toEqual({ appEnv: "test", sentryDsn: undefined });
  });

  it("knows when it renders at build (Next's NEXT_PHASE)", () => {
    expect(renderedAtBuild({ NEXT_PHASE: "phase-production-build" })).toBe(true);
    expect(renderedAtBuild({ NEXT_PHASE: "phase-production-server" })).toBe(false);
    expect(renderedAtBuild({})).toBe(false);
  });

  it("PUBLIC_ORIGIN: its origin only; unset or not http(s): localhost and PORT", () => {
    expect(serverPublicOrigin({ PUBLIC_ORIGIN: "https://www.exchange.example/some/path?q=1" })).toBe(
      "https://www.exchange.example",
    );
    expect(serverPublicOrigin({ PUBLIC_ORIGIN: "http://localhost:3301" })).toBe("http://localhost:3301");
    expect(serverPublicOrigin({ PORT: "3400" })).toBe("http://localhost:3400");
    expect(serverPublicOrigin({ PUBLIC_ORIGIN: "javascript:alert(1)", PORT: "3400" })).toBe("http://localhost:3400");
    expect(originOf("not a url")).toBeNull();
  });
});
