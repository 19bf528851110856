"use client";
import { useEffect, useRef, useState } from "react";

/** A CSS selector of the row or card of a link (its data-code; codes are letters and digits). */
const rowSelector = (code: string) => `[data-code="${code.replace(/[^A-Za-z0-9]/g, "")}"]`;

/**
 * The link just created (issue 34): brought into view and marked, since the form it came from is far below the list.
 * `tableBox` goes on the element around the links; `shown` is what they were drawn from, so the row is looked for
 * again once the list holds it.
 */
export function useFreshLink(shown: unknown) {
  const [fresh, setFresh] = useState<string | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!fresh) return;
    const row = tableBox.current?.querySelector<HTMLElement>(rowSelector(fresh));
    if (!row) return;
    row.scrollIntoView({
      block: "center",
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
    row.setAttribute("data-fresh", "");
    row.querySelector<HTMLElement>("[data-testid=link-copy]")?.focus({ preventScroll: true });
  }, [fresh, shown]);
  return { tableBox, markFresh: setFresh };
}
