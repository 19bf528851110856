"use client";
import type { ToastOptions, ToastType } from "./toast-content";

export type { ToastOptions, ToastType } from "./toast-content";

/**
 * A top-centre message (requirements.md §4): closes on its own, pauses while hovered; the same key replaces an open one and
 * restarts its timer. With `closeLabel` it has a close button. The toast code (antd's message, the theme tokens) loads
 * with the first toast: a page that shows none downloads none of it (issue 36).
 */
export async function showMessage(
  type: ToastType,
  content: string,
  key?: string,
  options: ToastOptions = {},
): Promise<void> {
  try {
    const { openMessage } = await import("./toast-kit");
    await openMessage(type, content, key, options);
  } catch {
    // the toast code could not load (offline): the page goes on without it
  }
}
