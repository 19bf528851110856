"use client";
import type { ReactNode } from "react";
import { useDisclosureMenu } from "./use-disclosure-menu";

interface Props {
  className: string;
  summary: ReactNode;
  /** One of the menu's links is the current page: the summary shows it too. */
  current?: boolean;
  children: ReactNode;
}

/** A `<details>` menu whose items the server renders (the header's "More"), with the shell menus' Escape and outside-click behaviour. */
export function DisclosureMenu({ className, summary, current = false, children }: Props) {
  const { ref: menuRef, onKeyDown: onMenuKeyDown } = useDisclosureMenu<HTMLDetailsElement>();
  return (
    <details className={className} ref={menuRef} onKeyDown={onMenuKeyDown}>
      <summary data-current={current ? "true" : undefined}>
        {summary}
        <svg
          aria-hidden="true"
          className="chevron"
          viewBox="0 0 12 12"
          width="12"
          height="12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <path d="m3 4.5 3 3 3-3" />
        </svg>
      </summary>
      {children}
    </details>
  );
}
