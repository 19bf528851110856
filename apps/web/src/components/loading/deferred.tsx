"use client";
import { useRef, type ReactNode } from "react";
import { useNearViewport } from "@/lib/use-near-viewport";

/**
 * A below-the-fold part of a page: its space is reserved at a fixed minimum height, or by a `placeholder` laid out as
 * the part will be (no layout shift when it arrives), and its code and data load only when it comes within `margin`
 * of the viewport.
 */
/** How a part's space is held before it loads: a fixed minimum height, or a placeholder laid out as the part is. */
type Reserved = { minHeight: number; placeholder?: never } | { placeholder: ReactNode; minHeight?: never };

export function Deferred({
  name,
  minHeight,
  margin,
  placeholder = null,
  children,
}: Reserved & {
  name: string;
  margin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  return (
    <div
      ref={ref}
      data-deferred={name}
      data-ready={near}
      style={minHeight === undefined ? undefined : { minBlockSize: minHeight }}
    >
      {near ? children : placeholder}
    </div>
  );
}
