import UAParser from "ua-parser-js";
import type { Sys } from "./types";

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

const parsedOf = (browser: UAParser.IBrowser, os: UAParser.IOS, device: UAParser.IDevice): ParsedUserAgent => ({
  browser: browser.name ?? "",
  browser_version: browser.version ?? "",
  os: os.name ?? "",
  os_version: os.version ?? "",
  manufacturer: device.vendor ?? "",
  model: device.model ?? "",
  deviceType: device.type ?? "",
});

/** Browser, OS and device from a user agent, by ua-parser-js. */
export function parseUserAgent(userAgent: string): ParsedUserAgent {
  const result = new UAParser(userAgent).getResult();
  return parsedOf(result.browser, result.os, result.device);
}

/**
 * The same, in three steps with `pause()` between them. The first parse of a page compiles ua-parser-js's regular
 * expressions: 10-25 ms in one task on this machine, a long task under a phone's CPU. Browser, OS and device each
 * compile their own, and each step starts after a pause, so each is a short task of its own.
 */
export async function parseUserAgentInSteps(userAgent: string, pause: () => Promise<void>): Promise<ParsedUserAgent> {
  const parser = new UAParser(userAgent);
  await pause();
  const browser = parser.getBrowser();
  await pause();
  const os = parser.getOS();
  await pause();
  return parsedOf(browser, os, parser.getDevice());
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
