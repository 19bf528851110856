"use client";
import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element is within `margin` of the viewport (and from then on). Below-the-fold sections mount their
 * code and data only then, so the first load does no work for what nobody has scrolled to (Lighthouse TBT).
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "400px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === "undefined") {
      // No observer to wait for (an old WebView): mount the section now, once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
