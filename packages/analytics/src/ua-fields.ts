import type { Sys } from "./types";

/**
 * Browser, OS and device of a user agent, as analytics' events carry them (requirements.md §3). Parsed by ua-parser-js
 * (user-agent.ts): on the web server when it serves a page (the page carries the parse, so the browser does not download
 * the parser), else in the browser.
 */
export interface ParsedUserAgent {
  browser: string;
  browser_version: string;
  os: string;
  os_version: string;
  /** The device vendor (e.g. Apple, Samsung); "" for desktops, which user agents do not name. */
  manufacturer: string;
  model: string;
  /** ua-parser-js device type: mobile, tablet, … or "" for desktops. */
  deviceType: string;
}

export const PARSED_USER_AGENT_FIELDS = [
  "browser",
  "browser_version",
  "os",
  "os_version",
  "manufacturer",
  "model",
  "deviceType",
] as const satisfies readonly (keyof ParsedUserAgent)[];

/** A parse as another party wrote it (JSON in a page): every field a string, else null. */
export function asParsedUserAgent(value: unknown): ParsedUserAgent | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const parsed: Partial<ParsedUserAgent> = {};
  for (const field of PARSED_USER_AGENT_FIELDS) {
    const text = record[field];
    if (typeof text !== "string") return null;
    parsed[field] = text;
  }
  return parsed as ParsedUserAgent;
}

const MOBILE_OS = /^(iOS|Android|HarmonyOS|iPadOS|Windows Phone|BlackBerry|KaiOS)$/i;

/** requirements.md §3 `sys`: "app H5" inside the app, else Windows, MacOS, mobile (phones, tablets, mobile OSes) or web. */
export function sysOf(parsed: ParsedUserAgent, inApp: boolean): Sys {
  if (inApp) return "app H5";
  if (parsed.deviceType === "mobile" || parsed.deviceType === "tablet" || MOBILE_OS.test(parsed.os)) return "mobile";
  if (/^Windows/i.test(parsed.os)) return "Windows";
  if (/^Mac OS|^macOS/i.test(parsed.os)) return "MacOS";
  return "web";
}
