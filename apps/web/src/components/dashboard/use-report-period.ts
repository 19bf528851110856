"use client";
import { startTransition, useState } from "react";
import { affiliateRangeCheck, type AffiliateRangeProblem } from "@affiliates/contracts";
import { DEFAULT_PRESET, presetRange, todayUtc, type RangePreset, type ReportRange } from "@/lib/report-range";

type Mode = RangePreset | "custom";

/**
 * The desk's report period: one of the presets (the last 7 days first) or custom days, which are taken only when the
 * API would take them (`problem` says why not).
 */
export function useReportPeriod() {
  const [mode, setMode] = useState<Mode>(DEFAULT_PRESET);
  const [range, setRange] = useState<ReportRange>(() => presetRange(DEFAULT_PRESET));
  const [problem, setProblem] = useState<AffiliateRangeProblem | null>(null);
  // The pressed preset shows at once; the desk's figures for its days follow in a transition, rendered in short
  // slices, so the tap's frame is not held by them (issue 36's INP of the dashboard period).
  const choose = (preset: RangePreset) => {
    setMode(preset);
    setProblem(null);
    startTransition(() => setRange(presetRange(preset)));
  };
  const pick = (picked: ReportRange) => {
    const reason = affiliateRangeCheck(picked, todayUtc());
    setProblem(reason);
    if (!reason) setRange(picked);
  };
  return { mode, range, problem, choose, custom: () => setMode("custom"), pick };
}
