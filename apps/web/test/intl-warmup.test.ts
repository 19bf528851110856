// @vitest-environment jsdom
import { runInNewContext, runInThisContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INTL_WARMUP, withIntlWarmup } from "../src/lib/intl-warmup";

/** Runs the warm-up in this page (jsdom) with a stand-in Worker; returns the code each worker was given. */
function startedWorkers(lang: string): string[] {
  document.documentElement.lang = lang;
  const blobs = new Map<string, string>();
  const started: string[] = [];
  // jsdom's Blob cannot be read back: this one keeps its text.
  class TextBlob {
    constructor(readonly parts: string[]) {}
  }
  vi.stubGlobal("Blob", TextBlob);
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, (blob as unknown as TextBlob).parts.join(""));
    return url;
  });
  vi.stubGlobal(
    "Worker",
    class {
      constructor(url: string) {
        started.push(url);
      }
    },
  );
  runInThisContext(INTL_WARMUP);
  return started.map((url) => blobs.get(url)!);
}

describe("the formatters' warm-up (issue 20)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is an inline script at the end of <body>, before the chunk loader the proxy adds after it", () => {
    const page = withIntlWarmup('<html lang="ar"><body><h1>x</h1></body></html>');
    expect(page).toBe(`<html lang="ar"><body><h1>x</h1><script>${INTL_WARMUP}</script></body></html>`);
    expect(INTL_WARMUP).not.toContain("<"); // nothing in it can end the script element early
  });

  it("starts one worker that formats a number, a compact number, a date and a plural in the page's language, then ends", () => {
    const [code, ...more] = startedWorkers("ar");
    expect(more).toEqual([]);
    const calls: string[] = [];
    const intl = {
      NumberFormat: Object.assign(
        function (locale: string, options?: object) {
          calls.push(`NumberFormat ${locale} ${JSON.stringify(options ?? {})}`);
          return new Intl.NumberFormat(locale, options);
        },
        { supportedLocalesOf: (locale: string) => (calls.push(`supported ${locale}`), [locale]) },
      ),
      DateTimeFormat: function (locale: string) {
        calls.push(`DateTimeFormat ${locale}`);
        return new Intl.DateTimeFormat(locale);
      },
      PluralRules: function (locale: string) {
        calls.push(`PluralRules ${locale}`);
        return new Intl.PluralRules(locale);
      },
    };
    const close = vi.fn();
    runInNewContext(code!, { Intl: intl, close });
    expect(calls).toEqual([
      "supported ar",
      "NumberFormat ar {}",
      'NumberFormat ar {"notation":"compact"}',
      "DateTimeFormat ar",
      "PluralRules ar",
    ]);
    expect(close).toHaveBeenCalledOnce();
  });

  it("a worker that cannot format still ends, and a page without workers loads as before", () => {
    const [code] = startedWorkers("en");
    const close = vi.fn();
    runInNewContext(code!, { Intl: {}, close });
    expect(close).toHaveBeenCalledOnce();

    vi.unstubAllGlobals();
    vi.stubGlobal("Worker", undefined);
    expect(() => void runInThisContext(INTL_WARMUP)).not.toThrow();
  });
});
