// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { OfferData } from "../src/components/providers/offer-data";
import {
  publishResult,
  useEndpointDemands,
  useEndpointOnDemand,
  type EndpointDemand,
  type OnDemandResult,
} from "../src/lib/endpoint-demand";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What each mounted section last read, and the demands the fetchers' provider last saw. */
const seen = new Map<string, Pick<OnDemandResult<unknown>, "data" | "error" | "loading">>();
const provider = new Map<"demands", readonly EndpointDemand[]>();
const demands = () => provider.get("demands") ?? [];

function Section({ id, ready = true }: { id: string; ready?: boolean }) {
  seen.set(id, useEndpointOnDemand("vipStatus", {}, { ready }));
  return null;
}
function Demands() {
  provider.set("demands", useEndpointDemands());
  return null;
}

const answered = (data: unknown): OnDemandResult<unknown> => ({
  data,
  error: undefined,
  loading: false,
  refresh: () => undefined,
  mutate: () => undefined,
});

let root: Root | null = null;
function render(children: ReactNode, offers: Record<string, unknown> = {}) {
  root ??= createRoot(document.createElement("div"));
  act(() =>
    root!.render(
      createElement(OfferData, { offers, children: [createElement(Demands, { key: "demands" }), children] }),
    ),
  );
}
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  seen.clear();
  provider.clear();
});

describe("useEndpointOnDemand: public sections ask only when they wait for an answer (issue 36)", () => {
  it("two sections waiting for one key make one call, held until the last lets go", () => {
    render([createElement(Section, { key: "a", id: "a" }), createElement(Section, { key: "b", id: "b" })]);
    expect(demands().map((demand) => demand.key)).toEqual(["vipStatus"]);
    expect(seen.get("a")).toMatchObject({ loading: true, data: undefined });

    act(() => publishResult("vipStatus", answered({ level: 3 })));
    expect(seen.get("a")?.data).toEqual({ level: 3 });
    expect(seen.get("b")?.data).toEqual({ level: 3 });

    render([createElement(Section, { key: "b", id: "b" })]);
    expect(demands()).toHaveLength(1);
    render([]);
    expect(demands()).toEqual([]);
    // A fetcher's late answer for a key nobody waits for any more is dropped, not kept for the next section.
    act(() => publishResult("vipStatus", answered({ level: 9 })));
    render([createElement(Section, { key: "c", id: "c" })]);
    expect(seen.get("c")).toMatchObject({ loading: true, data: undefined });
  });

  it("an offered answer is the answer, and nothing is asked for", () => {
    render([createElement(Section, { key: "a", id: "a" })], { vipStatus: { level: 1 } });
    expect(seen.get("a")).toMatchObject({ data: { level: 1 }, loading: false, error: undefined });
    expect(demands()).toEqual([]);
  });

  it("before `ready` (no login yet) nothing is asked for and nothing is loading", () => {
    render([createElement(Section, { key: "a", id: "a", ready: false })]);
    expect(seen.get("a")).toMatchObject({ data: undefined, loading: false });
    expect(demands()).toEqual([]);
    render([createElement(Section, { key: "a", id: "a", ready: true })]);
    expect(demands().map((demand) => demand.key)).toEqual(["vipStatus"]);
  });
});
