import { endpointUrl } from "@affiliates/contracts/endpoints";
import type { PostTransport } from "@affiliates/http";
import { describe, expect, it, vi } from "vitest";
import {
  AppRequestCallbackTimeout,
  createAppOrWebPostTransport,
  createBridgeAvailability,
  createWebPostTransport,
  type BridgePostTransport,
  type FetchLike,
} from "../src";

const answering = (status: number, body: string) =>
  vi.fn<FetchLike>(() =>
    Promise.resolve(new Response(body, { status, headers: { "content-type": "application/json" } })),
  );

describe("createWebPostTransport", () => {
  it("is assignable to the http client's PostTransport", () => {
    const post: PostTransport = createWebPostTransport(answering(200, "{}"));
    expect(post).toBeTypeOf("function");
  });

  it("POSTs the params as JSON with the client's headers, same-origin, and resolves the envelope", async () => {
    const fetch = answering(200, JSON.stringify({ code: "00000", data: { userName: "A" }, msg: "ok" }));
    const post = createWebPostTransport(fetch);
    await expect(post(endpointUrl("userInfo"), { locale: "en" }, { headers: { Language: "en" } })).resolves.toEqual({
      code: "00000",
      data: { userName: "A" },
      msg: "ok",
    });
    expect(fetch).toHaveBeenCalledWith(endpointUrl("userInfo"), {
      method: "POST",
      headers: { Language: "en" },
      body: JSON.stringify({ locale: "en" }),
      credentials: "same-origin",
    });
  });

  it("passes a refusal's envelope on (the client settles its code), numeric codes as text", async () => {
    const post = createWebPostTransport(answering(200, JSON.stringify({ code: 4, msg: "Not logged in" })));
    await expect(post("/some/path", {}, { headers: {} })).resolves.toEqual({ code: "4", msg: "Not logged in" });
  });

  it("rejects an answer without an envelope", async () => {
    const post = createWebPostTransport(answering(502, "<html>Bad gateway</html>"));
    await expect(post("/some/path", {}, { headers: {} })).rejects.toThrow(/502/);
  });
});

describe("createAppOrWebPostTransport", () => {
  it("uses the app while the bridge is usable and the web once it is down", async () => {
    const availability = createBridgeAvailability();
    const app = vi.fn<BridgePostTransport>(() => Promise.resolve({ code: "00000", data: "app" }));
    const web = vi.fn<BridgePostTransport>(() => Promise.resolve({ code: "00000", data: "web" }));
    const post = createAppOrWebPostTransport({ app, web, availability });
    await expect(post("/some/path", {}, { headers: {} })).resolves.toEqual({ code: "00000", data: "app" });
    availability.recordFailure(new AppRequestCallbackTimeout());
    await expect(post("/some/path", {}, { headers: {} })).resolves.toEqual({ code: "00000", data: "web" });
    expect(app).toHaveBeenCalledTimes(1);
    expect(web).toHaveBeenCalledTimes(1);
  });

  it("never sends a call the app failed again over the web", async () => {
    const availability = createBridgeAvailability();
    const failure = new AppRequestCallbackTimeout();
    const app = vi.fn<BridgePostTransport>(() => Promise.reject(failure));
    const web = vi.fn<BridgePostTransport>(() => Promise.resolve({ code: "00000" }));
    const post = createAppOrWebPostTransport({ app, web, availability });
    await expect(post("/some/path", { code: "x" }, { headers: {} })).rejects.toBe(failure);
    expect(web).not.toHaveBeenCalled();
  });
});
