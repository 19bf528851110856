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

/** Browser, OS and device from a user agent, by ua-parser-js. */
export function parseUserAgent(userAgent: string): ParsedUserAgent {
  const result = new UAParser(userAgent).getResult();
  return {
    browser: result.browser.name ?? "",
    browser_version: result.browser.version ?? "",
    os: result.os.name ?? "",
    os_version: result.os.version ?? "",
    manufacturer: result.device.vendor ?? "",
    model: result.device.model ?? "",
    deviceType: result.device.type ?? "",
  };
}

const MOBILE_OS = /^(iOS|Android|HarmonyOS|iPadOS|Windows Phone|BlackBerry|KaiOS)$/i;

/** Spec §3 `sys`: "app H5" inside the app, else Windows, MacOS, mobile (phones, tablets, mobile OSes) or web. */
export function sysOf(parsed: ParsedUserAgent, inApp: boolean): Sys {
  if (inApp) return "app H5";
  if (parsed.deviceType === "mobile" || parsed.deviceType === "tablet" || MOBILE_OS.test(parsed.os)) return "mobile";
  if (/^Windows/i.test(parsed.os)) return "Windows";
  if (/^Mac OS|^macOS/i.test(parsed.os)) return "MacOS";
  return "web";
}
