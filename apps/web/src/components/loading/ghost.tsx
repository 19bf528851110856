import type { ReactNode } from "react";

/**
 * A stand-in for content still loading: laid out like what will replace it (the same words, a blank where a figure
 * goes) but hidden (`visibility: hidden`: unseen, not focusable, out of the accessibility tree), so the page keeps
 * its shape and nothing moves when the content arrives (Lighthouse's layout-shift budget, architecture.md).
 * `block` for a stand-in of whole sections rather than of text inside one.
 */
export function Ghost({ children, block = false }: { children: ReactNode; block?: boolean }) {
  const Tag = block ? "div" : "span";
  return (
    <Tag className="ghost" aria-hidden="true">
      {children}
    </Tag>
  );
}

/** What stands for a figure inside ghost text: about the width of a short number. */
export const GHOST_FIGURE = "\u2007".repeat(6);
