"use client";
import type { BridgeAction } from "@affiliates/bridge";
import { getAppInfo, getBridge, initNativeApp, reportBridgeFailure } from "./native-app";

/**
 * Sharing, saving an image and copying, the same way from every button (docs/bridge.md §3): inside the app through its
 * `share`, `saveImage` and `copy` actions (from 2.61.0), since a WebView has no Web Share, ignores `download` links
 * and may refuse the clipboard; on the web through Web Share, a download and the clipboard. Where the page can do
 * neither (an older app), `imageSaving()` says "longPress": show the image and say to press and hold it.
 */

/** An image to share or save: a PNG as a data URL (what the app takes) and as a blob (what the web shares). */
export interface ShareImage {
  dataUrl: string;
  blob: Blob;
  fileName: string;
}

/** Where an action ran: the app, the web's own API, or nowhere (the user closed the sheet, or nothing could do it). */
export type ShareOutcome = "app" | "web" | "cancelled" | "unavailable" | "failed";

/** The app's action, when the page is in an app whose bridge works and is new enough for it. */
function appAction(action: BridgeAction) {
  initNativeApp();
  const bridge = getBridge();
  return bridge?.supportsAction(action) ? bridge : null;
}

async function viaApp(action: "share" | "saveImage" | "copy", params: Record<string, string>): Promise<ShareOutcome> {
  const bridge = appAction(action);
  if (!bridge) return "unavailable";
  try {
    await bridge.call(action, params);
    return "app";
  } catch (error) {
    reportBridgeFailure(error); // the one refresh prompt of requirements.md §8
    return "failed";
  }
}

const webFile = (image: ShareImage) => new File([image.blob], image.fileName, { type: image.blob.type || "image/png" });

/** How an image can be saved here: the app's action, a download link, or only by pressing and holding it. */
export function imageSaving(): "app" | "download" | "longPress" {
  if (appAction("saveImage")) return "app";
  initNativeApp();
  // A WebView ignores download links: an app too old for saveImage (or with its bridge gone) leaves the long press.
  return getAppInfo().inApp ? "longPress" : "download";
}

/** Whether a share button can do anything here: the app's share, or Web Share (with the image when it takes files). */
export function canShare(image?: ShareImage): boolean {
  if (appAction("share")) return true;
  if (typeof navigator === "undefined" || typeof navigator.share !== "function") return false;
  if (!image || typeof navigator.canShare !== "function") return true;
  return navigator.canShare({ files: [webFile(image)] }) || navigator.canShare({ text: "x" });
}

/** Hands a caption (in the page's language), a link and optionally an image to the app's or the system's share sheet. */
export async function share(content: {
  text: string;
  url: string;
  image?: ShareImage | undefined;
}): Promise<ShareOutcome> {
  const inApp = await viaApp("share", {
    text: content.text,
    url: content.url,
    ...(content.image ? { image: content.image.dataUrl, fileName: content.image.fileName } : {}),
  });
  if (inApp !== "unavailable") return inApp;
  if (typeof navigator.share !== "function") return "unavailable";
  const files = content.image ? [webFile(content.image)] : [];
  const withFiles = files.length > 0 && typeof navigator.canShare === "function" && navigator.canShare({ files });
  try {
    await navigator.share({ text: content.text, url: content.url, ...(withFiles ? { files } : {}) });
    return "web";
  } catch (error) {
    return error instanceof DOMException && error.name === "AbortError" ? "cancelled" : "failed";
  }
}

/** Saves an image: to the phone's photos through the app, else as a download. */
export async function saveImage(image: ShareImage): Promise<ShareOutcome> {
  const inApp = await viaApp("saveImage", { image: image.dataUrl, fileName: image.fileName });
  if (inApp !== "unavailable") return inApp;
  if (imageSaving() === "longPress") return "unavailable";
  const url = URL.createObjectURL(image.blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = image.fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return "web";
}

/** Copies text: through the app, else the clipboard; "failed" when both refuse (the caller lets the user copy by hand). */
export async function copyText(text: string): Promise<ShareOutcome> {
  const inApp = await viaApp("copy", { text });
  if (inApp === "app") return inApp;
  try {
    await navigator.clipboard.writeText(text);
    return "web";
  } catch {
    return "failed";
  }
}

/** A canvas as a ShareImage (PNG). */
export function canvasImage(canvas: HTMLCanvasElement, fileName: string): Promise<ShareImage | null> {
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => resolve(blob ? { blob, dataUrl: canvas.toDataURL("image/png"), fileName } : null),
      "image/png",
    );
  });
}
