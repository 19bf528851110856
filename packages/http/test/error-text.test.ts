import { describe, expect, it } from "vitest";
import {
  ERROR_MESSAGE_KEYS,
  errorToastText,
  HttpError,
  shouldToast,
  TRANSLATED_HTTP_STATUSES,
  type ErrorMessageKey,
  type HttpErrorKind,
} from "../src";

/** A translator that marks the key it was asked for, so each assertion shows which key was used. */
const t = (key: ErrorMessageKey): string => `<${key}>`;
const err = (code: string, kind: HttpErrorKind, msg = "") =>
  new HttpError({ code, msg, kind, url: "/some/path", method: "GET" });

describe("TRANSLATED_HTTP_STATUSES and ERROR_MESSAGE_KEYS", () => {
  it("lists the statuses of requirements.md §8", () => {
    expect(TRANSLATED_HTTP_STATUSES).toEqual([
      "400",
      "401",
      "403",
      "404",
      "408",
      "500",
      "501",
      "502",
      "503",
      "504",
      "505",
    ]);
  });

  it("lists every key the catalogue must define", () => {
    expect(ERROR_MESSAGE_KEYS).toEqual([
      "http.status.400",
      "http.status.401",
      "http.status.403",
      "http.status.404",
      "http.status.408",
      "http.status.500",
      "http.status.501",
      "http.status.502",
      "http.status.503",
      "http.status.504",
      "http.status.505",
      "http.unknownError",
      "http.networkError",
    ]);
  });
});

describe("errorToastText", () => {
  it.each(["400", "401", "403", "404", "408", "500", "501", "502", "503", "504", "505"])(
    "uses http.status.%s for that HTTP status",
    (status) => {
      expect(errorToastText(err(status, "http", "Internal Server Error"), t)).toBe(
        `[${status}] <http.status.${status}>`,
      );
    },
  );

  it("uses the status text for a time-out", () => {
    expect(errorToastText(err("408", "timeout", "Request timed out after 10000 ms"), t)).toBe(
      "[408] <http.status.408>",
    );
  });

  it("uses the unknown-error text for other statuses", () => {
    expect(errorToastText(err("418", "http", "I'm a teapot"), t)).toBe("[418] <http.unknownError>");
    expect(errorToastText(err("507", "http"), t)).toBe("[507] <http.unknownError>");
  });

  it("uses the server message for a business code", () => {
    expect(errorToastText(err("31002", "business", "Insufficient balance"), t)).toBe("[31002] Insufficient balance");
  });

  it("uses the generic fallback for a business code without message", () => {
    expect(errorToastText(err("31002", "business", ""), t)).toBe("[31002] <http.unknownError>");
    expect(errorToastText(err("31002", "business", "   "), t)).toBe("[31002] <http.unknownError>");
  });

  it("uses the server message even when a business code looks like an HTTP status", () => {
    expect(errorToastText(err("500", "business", "Service busy"), t)).toBe("[500] Service busy");
  });

  it("rewrites -1 to the network-error text, whatever the server said", () => {
    expect(errorToastText(err("-1", "network", "Failed to fetch"), t)).toBe("[-1] <http.networkError>");
    expect(errorToastText(err("-1", "business", "system error"), t)).toBe("[-1] <http.networkError>");
  });

  it("gives the English text when the translator is the English catalogue", () => {
    const english = (key: ErrorMessageKey) => (key === "http.networkError" ? "Network error. Try again later." : key);
    expect(errorToastText(err("-1", "network"), english)).toBe("[-1] Network error. Try again later.");
  });
});

describe("shouldToast", () => {
  it.each([
    ["00004", false],
    ["00005", false],
    ["429", false],
    ["31002", true],
    ["500", true],
    ["-1", true],
  ])("%s → %s", (code, expected) => {
    expect(shouldToast(err(code, "business"))).toBe(expected);
  });
});
