// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createElement, Fragment, useEffect } from "react";
import { renderToString } from "react-dom/server";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useHydrated } from "../src/lib/use-hydrated";

// The page's own scheduling is what is tested here, so React runs as in a browser (no act(), which would flush
// everything at once and hide the order).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const events: string[] = [];

function Control({ name }: { name: string }) {
  const hydrated = useHydrated();
  events.push(`${name} ${hydrated ? "ready" : "not ready"}`);
  return createElement("button", { disabled: !hydrated }, name);
}

/** Marks the round of effects that follows hydration, and the first moment after it (a microtask). */
function EffectsRound() {
  useEffect(() => {
    events.push("effects");
    queueMicrotask(() => events.push("after the effects"));
  }, []);
  return null;
}

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

describe("useHydrated (issues 36 and 37)", () => {
  it("is false in the server's HTML and while hydrating, then true in a render after the effects' round, not inside it", async () => {
    const page = () =>
      createElement(Fragment, null, createElement(Control, { name: "a" }), createElement(EffectsRound));
    const container = document.createElement("div");
    container.innerHTML = renderToString(page());
    expect(container.querySelector("button")?.disabled).toBe(true);
    events.length = 0;

    hydrateRoot(container, page());
    await until(() => events.includes("a ready"));
    expect(container.querySelector("button")?.disabled).toBe(false);
    // A store flipping to true in that round (useSyncExternalStore) re-renders every user synchronously before the
    // round ends: one long task on a phone. The transition renders later, in slices that yield.
    expect(events.indexOf("a not ready")).toBe(0);
    expect(events.indexOf("a ready")).toBeGreaterThan(events.indexOf("after the effects"));

    // A control mounted once the page has hydrated was never in the HTML: it is ready at its first render.
    events.length = 0;
    createRoot(document.createElement("div")).render(createElement(Control, { name: "b" }));
    await until(() => events.length > 0);
    expect(events[0]).toBe("b ready");
  });
});
