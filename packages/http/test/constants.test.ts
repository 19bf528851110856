import { describe, expect, it } from "vitest";
import {
  BRIDGE_TIMEOUT_MS,
  ClientPlatform,
  FETCH_CACHE_MS,
  FOCUS_REFRESH_GUARD_MS,
  REQUEST_TIMEOUT_MS,
  RETRY_BACKOFF_CAP_MS,
} from "../src";

describe("constants", () => {
  it("has the limits of requirements.md §9", () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(BRIDGE_TIMEOUT_MS).toBe(8_000);
    expect(FETCH_CACHE_MS).toBe(300_000);
    expect(FOCUS_REFRESH_GUARD_MS).toBe(5_000);
    expect(RETRY_BACKOFF_CAP_MS).toBe(30_000);
  });

  it("has the client platform enumeration of requirements.md §3", () => {
    expect(ClientPlatform).toEqual({
      WEB: 1,
      ANDROID: 2,
      IOS: 3,
      API: 4,
      H5: 5,
      SYSTEM: 6,
      INNER: 7,
      APP_BROWSER: 8,
      TG_PC: 9,
      TG_WEB: 10,
      TG_IOS: 11,
      TG_ANDROID: 12,
      WINDOWS: 13,
      MACOS: 14,
    });
  });
});
