import "server-only";
import { draftMode } from "next/headers";
import { renderedAtBuild } from "./runtime-config";

/**
 * Whether this rendering is kept and served to every visitor: the build's pre-rendering, or the proxy's renewal of a
 * pre-rendered page (page-renewal.ts asks for it in draft mode, which only this server can turn on). Such HTML carries
 * no run-time setting (origin, APP_ENV, DSN): page-csp.ts fills them in when it serves it.
 */
export async function renderedForEveryone(): Promise<boolean> {
  return renderedAtBuild() || (await draftMode()).isEnabled;
}
