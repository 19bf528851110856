"use client";

/**
 * A top-centre message (requirements.md §4): closes on its own, pauses while hovered; the same key replaces an open one and
 * restarts its timer. With `closeLabel` it has a close button. The toast code (antd's message, the theme tokens) loads
 * with the first toast: a page that shows none downloads none of it (issue 36). Takes what toast-kit's openMessage
 * takes (the type is all this module imports of it).
 */
export const showMessage: typeof import("./toast-kit").openMessage = async (...args) => {
  try {
    const { openMessage } = await import("./toast-kit");
    await openMessage(...args);
  } catch {
    // the toast code could not load (offline): the page goes on without it
  }
};
