import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@affiliates/contracts";
import { DEVICE_ID_ERROR_MESSAGE, getTerminalIdentity, randomTerminalCode, readTerminalIdentity } from "../src";
import { fakeCookies, refusingStorage } from "./fakes";

const FP = "0123456789abcdef0123456789abcdef";

describe("getTerminalIdentity", () => {
  it("creates both identifiers when missing and keeps them in localStorage", async () => {
    const storage = memoryStorage();
    const cookies = fakeCookies();
    const fingerprint = vi.fn(() => Promise.resolve(FP));
    const identity = await getTerminalIdentity({ storage, cookies, fingerprint, createTerminalCode: () => "tc-1" });
    expect(identity).toEqual({ fingerprint: FP, terminalCode: "tc-1" });
    expect(storage.getItem("fingerprint")).toBe(FP);
    expect(storage.getItem("terminalCode")).toBe("tc-1");
    expect(cookies.get("fingerprint")).toBeUndefined();
    // the second call reads them back without computing anything
    const again = await getTerminalIdentity({ storage, cookies, fingerprint, createTerminalCode: () => "tc-2" });
    expect(again).toEqual({ fingerprint: FP, terminalCode: "tc-1" });
    expect(fingerprint).toHaveBeenCalledTimes(1);
  });

  it("reads them from a cookie when localStorage has none", async () => {
    const cookies = fakeCookies();
    cookies.set("fingerprint", "from-cookie", { maxAgeSeconds: 1 });
    cookies.set("terminalCode", "tc-cookie", { maxAgeSeconds: 1 });
    const fingerprint = vi.fn(() => Promise.resolve(FP));
    await expect(getTerminalIdentity({ storage: memoryStorage(), cookies, fingerprint })).resolves.toEqual({
      fingerprint: "from-cookie",
      terminalCode: "tc-cookie",
    });
    expect(fingerprint).not.toHaveBeenCalled();
  });

  it("keeps them in a year-long cookie when localStorage refuses writes", async () => {
    const storage = refusingStorage();
    const cookies = fakeCookies();
    const identity = await getTerminalIdentity({ storage, cookies, fingerprint: () => Promise.resolve(FP) });
    expect(cookies.get("fingerprint")).toBe(FP);
    expect(cookies.get("terminalCode")).toBe(identity.terminalCode);
    expect(cookies.maxAge.get("terminalCode")).toBe(365 * 24 * 3600);
  });

  it("throws 'getDeviceId error' when the fingerprint fails and none is stored", async () => {
    const cause = new Error("fingerprint blocked");
    const failing = getTerminalIdentity({
      storage: memoryStorage(),
      cookies: fakeCookies(),
      fingerprint: () => Promise.reject(cause),
    });
    await expect(failing).rejects.toThrow(new Error("getDeviceId error"));
    await expect(failing).rejects.toMatchObject({ cause });
    expect(DEVICE_ID_ERROR_MESSAGE).toBe("getDeviceId error");
  });

  it("throws 'getDeviceId error' for an empty fingerprint", async () => {
    await expect(
      getTerminalIdentity({
        storage: memoryStorage(),
        cookies: fakeCookies(),
        fingerprint: () => Promise.resolve("  "),
      }),
    ).rejects.toThrow("getDeviceId error");
  });

  it("does not need the fingerprint when one is stored", async () => {
    const storage = memoryStorage({ fingerprint: FP });
    const identity = await getTerminalIdentity({
      storage,
      cookies: fakeCookies(),
      fingerprint: () => Promise.reject(new Error("no")),
    });
    expect(identity.fingerprint).toBe(FP);
    expect(identity.terminalCode).toMatch(/^[0-9a-f]{32}$/);
  });

  it("creates random 32-hex terminal codes and gives the DeviceId/TerminalCode headers", () => {
    expect(randomTerminalCode()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomTerminalCode()).not.toBe(randomTerminalCode());
  });
});

describe("readTerminalIdentity", () => {
  it("creates and keeps the terminal code but computes no fingerprint", () => {
    const storage = memoryStorage();
    const cookies = fakeCookies();
    expect(readTerminalIdentity({ storage, cookies, createTerminalCode: () => "tc-1" })).toEqual({
      fingerprint: undefined,
      terminalCode: "tc-1",
    });
    expect(storage.getItem("terminalCode")).toBe("tc-1");
    expect(storage.getItem("fingerprint")).toBeNull();
    expect(readTerminalIdentity({ storage, cookies, createTerminalCode: () => "tc-2" }).terminalCode).toBe("tc-1");
  });

  it("gives the fingerprint a previous page stored, from localStorage or a cookie", () => {
    expect(
      readTerminalIdentity({ storage: memoryStorage({ fingerprint: FP }), cookies: fakeCookies() }).fingerprint,
    ).toBe(FP);
    const cookies = fakeCookies();
    cookies.set("fingerprint", "from-cookie", { maxAgeSeconds: 1 });
    expect(readTerminalIdentity({ storage: memoryStorage(), cookies }).fingerprint).toBe("from-cookie");
  });

  it("keeps the terminal code in a cookie when localStorage refuses writes", () => {
    const storage = refusingStorage();
    const cookies = fakeCookies();
    const { terminalCode } = readTerminalIdentity({ storage, cookies });
    expect(cookies.get("terminalCode")).toBe(terminalCode);
  });
});
