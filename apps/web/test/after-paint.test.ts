// @vitest-environment jsdom
import { runInThisContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AFTER_PAINT_LOADER,
  afterPaintEnabled,
  chunksAfterPaint,
  LOADER_FALLBACK_MS,
  scriptsAfterFirstPaint,
} from "../src/lib/after-paint";

/** The shape of a pre-rendered page as Next writes it: a preloaded bootstrap chunk, async chunks, a noModule script. */
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head>',
  '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/_next/static/chunks/main.js" integrity="sha256-MAIN="/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/static/other.js"/>',
  '<script src="/affiliates/_next/static/chunks/turbopack-rt1.js" async="" integrity="sha256-RT="></script>',
  '<script src="/affiliates/_next/static/chunks/a.js" async="" integrity="sha256-AAA="></script>',
  '<script src="/affiliates/_next/static/chunks/b.js" async=""></script>',
  "</head><body><h1>Earn 40%</h1>",
  '<script src="/affiliates/_next/static/chunks/polyfills.js" integrity="sha256-POLY=" noModule=""></script>',
  '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>',
  '<script src="/affiliates/_next/static/chunks/main.js" integrity="sha256-MAIN=" async=""></script>',
  '<script>self.__next_f.push([1,"x"])</script>',
  "</body></html>",
].join("");

const CHUNKS = [
  ["/affiliates/_next/static/chunks/a.js", "sha256-AAA="],
  ["/affiliates/_next/static/chunks/b.js", null],
  ["/affiliates/_next/static/chunks/main.js", "sha256-MAIN="],
  ["/affiliates/_next/static/chunks/turbopack-rt1.js", "sha256-RT="],
];

describe("chunk scripts are requested after the first contentful paint (issue 20)", () => {
  const served = scriptsAfterFirstPaint(PAGE);

  it("no chunk is requested with the HTML: their scripts and Next's preload of them are gone, the loader lists them", () => {
    expect(served).not.toContain('chunks/a.js" async');
    expect(served).not.toMatch(/<script src="[^"]*"[^>]*async=""/);
    expect(served).not.toContain(
      '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/_next/static/chunks/main.js"',
    );
    const loader = /<script>\((.*)\)\((\[.*?\])\)<\/script><\/body><\/html>$/.exec(served);
    expect(loader?.[1]).toBe(AFTER_PAINT_LOADER);
    // In the page's order but Turbopack's runtime last (it looks the others up in the DOM), each with its SRI hash.
    expect(JSON.parse(loader![2]!)).toEqual(CHUNKS);
    expect(chunksAfterPaint(served)).toEqual(CHUNKS); // as the bench and the tests read them
    expect(chunksAfterPaint(PAGE)).toEqual([]);
  });

  it("leaves alone what is not an async chunk: noModule, inline scripts, other preloads, the content", () => {
    expect(served).toContain(
      '<script src="/affiliates/_next/static/chunks/polyfills.js" integrity="sha256-POLY=" noModule=""></script>',
    );
    expect(served).toContain('<script id="_R_">');
    expect(served).toContain(
      '<link rel="preload" as="script" fetchPriority="low" href="/affiliates/static/other.js"/>',
    );
    expect(served).toContain("<h1>Earn 40%</h1>");
    expect(served).toContain('<script>self.__next_f.push([1,"x"])</script>');
  });

  it("is on unless AFTER_PAINT=off (the bench's comparison)", () => {
    expect(afterPaintEnabled({})).toBe(true);
    expect(afterPaintEnabled({ AFTER_PAINT: "on" })).toBe(true);
    expect(afterPaintEnabled({ AFTER_PAINT: "off" })).toBe(false);
    expect(afterPaintEnabled({ AFTER_PAINT: " OFF " })).toBe(false);
  });

  it("a page without async chunk scripts is served as it is", () => {
    const plain = "<html><body><script>1</script></body></html>";
    expect(scriptsAfterFirstPaint(plain)).toBe(plain);
  });
});

describe("the loader", () => {
  // Run as the browser runs it: the code as served, in this (jsdom) global context.
  const run = (chunks: unknown) => runInThisContext(`(${AFTER_PAINT_LOADER})(${JSON.stringify(chunks)})`) as void;
  const added = () =>
    [...document.head.querySelectorAll("script")].map((s) => [
      s.getAttribute("src"),
      s.getAttribute("integrity"),
      s.async,
    ]);
  let observed: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect(): void }) => void)[];

  function fakePaintObserver(supported = ["paint"]) {
    observed = [];
    const Observer = vi.fn(function (this: unknown, callback: (typeof observed)[number]) {
      observed.push(callback);
      return { observe: vi.fn(), disconnect: vi.fn() };
    });
    vi.stubGlobal("PerformanceObserver", Object.assign(Observer, { supportedEntryTypes: supported }));
  }
  const paint = (name: string) =>
    observed[0]!({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect() {} });

  afterEach(() => {
    document.head.innerHTML = "";
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("adds every chunk once, from the first contentful paint on (not at a first paint without content), src as written, one per task", () => {
    // The page's timers, run one at a time as the browser's event loop would.
    const timers: { task: () => void; ms: number }[] = [];
    vi.stubGlobal("setTimeout", (task: () => void, ms = 0) => timers.push({ task, ms }));
    const runNext = () => {
      const next = timers.filter((t) => t.ms === 0)[0] ?? timers[0]!;
      timers.splice(timers.indexOf(next), 1);
      next.task();
    };
    fakePaintObserver();
    run(CHUNKS);
    expect(timers.map((t) => t.ms)).toEqual([LOADER_FALLBACK_MS]);
    paint("first-paint");
    expect(timers).toHaveLength(1);
    paint("first-contentful-paint");
    expect(added()).toEqual([]); // not in the observer's task
    const expected = CHUNKS.map(([src, integrity]) => [src, integrity, true]);
    for (let count = 1; count <= CHUNKS.length; count++) {
      runNext();
      expect(added()).toEqual(expected.slice(0, count)); // one more per task, in the list's order
    }
    runNext(); // the fallback
    expect(timers).toEqual([]);
    expect(added()).toHaveLength(CHUNKS.length); // not added again
  });

  it("without paint timing, or when no paint comes (a tab in the background), the fallback adds them", () => {
    vi.useFakeTimers();
    fakePaintObserver([]);
    run(CHUNKS);
    expect(observed).toEqual([]);
    vi.advanceTimersByTime(LOADER_FALLBACK_MS);
    expect(added()).toEqual(CHUNKS.map(([src, integrity]) => [src, integrity, true]));
  });
});
