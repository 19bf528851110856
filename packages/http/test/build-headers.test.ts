import { describe, expect, it } from "vitest";
import { buildHeaders, ClientPlatform } from "../src";

const dynamic = { customToken: "ct-1", language: "en_US", locale: "en", terminalCode: "tc-1", deviceId: "dev-1" };

describe("buildHeaders", () => {
  it("sends every header of requirements.md §7 for JSON requests", () => {
    expect(buildHeaders({ dynamic, body: "json" })).toEqual({
      "Content-Type": "application/json",
      "custom-token": "ct-1",
      Language: "en_US",
      Locale: "en",
      TerminalType: "1",
      TerminalCode: "tc-1",
      DeviceId: "dev-1",
    });
  });

  it("omits headers whose value is empty, null or missing", () => {
    expect(
      buildHeaders({
        dynamic: { customToken: "", language: null, locale: "ja" },
        body: "json",
        extra: { "dy-token": "" },
      }),
    ).toEqual({ "Content-Type": "application/json", Locale: "ja", TerminalType: "1" });
  });

  it("leaves Content-Type out for multipart and adds extra headers", () => {
    expect(buildHeaders({ dynamic: {}, body: "multipart", extra: { "dy-token": "d".repeat(40) } })).toEqual({
      TerminalType: "1",
      "dy-token": "d".repeat(40),
    });
  });

  it("takes another terminal type when given", () => {
    expect(buildHeaders({ dynamic: {}, body: "json", terminalType: ClientPlatform.H5 }).TerminalType).toBe("5");
  });
});
