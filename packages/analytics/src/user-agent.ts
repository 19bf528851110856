import UAParser from "ua-parser-js";
import type { ParsedUserAgent } from "./ua-fields";

const parsedOf = (browser: UAParser.IBrowser, os: UAParser.IOS, device: UAParser.IDevice): ParsedUserAgent => ({
  browser: browser.name ?? "",
  browser_version: browser.version ?? "",
  os: os.name ?? "",
  os_version: os.version ?? "",
  manufacturer: device.vendor ?? "",
  model: device.model ?? "",
  deviceType: device.type ?? "",
});

/**
 * Browser, OS and device from a user agent, by ua-parser-js. Its own entry (`@affiliates/analytics/user-agent`): the
 * analytics core does not import the parser, so a page whose server parsed the user agent never downloads it.
 */
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
