import type { AnchorHTMLAttributes, ReactNode } from "react";
import { isCrossOrigin, safeHrefProps } from "@affiliates/safety";
import { publicOrigin } from "@/lib/public-origin";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: unknown; children: ReactNode };

/**
 * A link whose href comes from data (requirements.md §5): an unsafe value is refused with a console warning and the link is
 * rendered without an href; other-origin targets that open a new window get noopener and noreferrer.
 */
export function SafeLink({ href, children, target, rel, ...rest }: Props) {
  const safe = safeHrefProps(href);
  const crossOrigin = safe.href !== undefined && isCrossOrigin(safe.href, publicOrigin());
  const relation = target === "_blank" && crossOrigin ? [rel, "noopener", "noreferrer"].filter(Boolean).join(" ") : rel;
  return (
    <a {...rest} {...safe} target={target} rel={relation}>
      {children}
    </a>
  );
}
