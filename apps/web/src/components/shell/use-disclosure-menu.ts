"use client";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { usePathname } from "next/navigation";

/**
 * Keyboard and pointer behaviour of the header's disclosure menus (`<details>`): Escape closes the open menu and
 * returns focus to its summary; a click or focus outside closes it, and so does moving to another page on the client
 * (the header stays mounted). `<details>` already opens with Enter and Space.
 */
export function useDisclosureMenu<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const pathname = usePathname();
  const shownFor = useRef(pathname);

  useEffect(() => {
    // Only on a change of page: a menu opened before hydration stays open.
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("focusin", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("focusin", close);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const details = ref.current;
    if (event.key !== "Escape" || !details?.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector("summary")?.focus();
  };

  return { ref, onKeyDown };
}
