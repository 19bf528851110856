"use client";
import { useCallback } from "react";
import { useFormat } from "@/lib/format-hook";
import { formatBps } from "./bps";

/** Formats basis points as a percentage in the page locale (4500 → "45%", ar "٤٥٪"). Call it before any early return. */
export function useBpsPercent(): (bps: number) => string {
  const format = useFormat();
  return useCallback((bps: number) => formatBps(format, bps), [format]);
}
