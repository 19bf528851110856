"use client";
import { useEffect } from "react";

/** Our own tables' scroll boxes, and antd's (a table wider than its box, e.g. with fixed columns, scrolls inside it). */
const SELECTOR = ".table-scroll, .bit-table-content, .bit-table-body";

/** Makes a scroll box keyboard-reachable while its content overflows, named after its table's caption. */
function enhance(box: HTMLElement): void {
  const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  if (overflows && !box.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    // Named after the table's caption, or else the heading of the section it sits in.
    const caption = (
      box.querySelector("caption") ?? box.closest("section")?.querySelector("h2, h3")
    )?.textContent?.trim();
    if (caption && !box.hasAttribute("aria-label")) box.setAttribute("aria-label", caption);
    box.dataset.scrollRegion = "on";
  } else if (!overflows && box.dataset.scrollRegion === "on") {
    box.removeAttribute("tabindex");
    box.removeAttribute("role");
    box.removeAttribute("aria-label");
    delete box.dataset.scrollRegion;
  }
}

/**
 * WCAG 2.1.1 for wide tables: a `.table-scroll` box that scrolls (narrow screens, many columns) must be reachable and
 * scrollable with the keyboard (axe `scrollable-region-focusable`). Every page's tables use that class, so the shell
 * does it once for all of them, including tables that render after their data arrives.
 */
export function ScrollRegions() {
  useEffect(() => {
    let frame = 0;
    const scan = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => document.querySelectorAll<HTMLElement>(SELECTOR).forEach(enhance));
    };
    scan();
    const observer = new MutationObserver(scan);
    const main = document.getElementById("main");
    if (main) observer.observe(main, { childList: true, subtree: true });
    window.addEventListener("resize", scan);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("resize", scan);
    };
  }, []);
  return null;
}
