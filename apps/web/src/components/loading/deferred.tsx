"use client";
import { useRef, type ReactNode } from "react";
import { useNearViewport } from "@/lib/use-near-viewport";

/**
 * A below-the-fold part of a page: its space is reserved at a fixed minimum height, or by a `placeholder` laid out as
 * the part will be (no layout shift when it arrives), and its code and data load only when it comes within `margin`
 * of the viewport.
 */
export function Deferred({
  name,
  minHeight,
  margin,
  placeholder = null,
  children,
}: {
  name: string;
  minHeight: number;
  margin?: string;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  return (
    <div ref={ref} data-deferred={name} data-ready={near} style={{ minBlockSize: minHeight }}>
      {near ? children : placeholder}
    </div>
  );
}
