/** The calculator's volume limits: a trade volume in USDT above 0 and no larger than a trillion. */
export const MAX_VOLUME = 1e12;

export type VolumeProblem = "notPositive" | "tooLarge";

/** What is wrong with a volume entry, or null when it is acceptable or still empty (no message, no result). */
export function volumeProblem(value: unknown): VolumeProblem | null {
  if (value === null || value === undefined || value === "") return null;
  const volume = typeof value === "number" ? value : Number(value);
  if (!(volume > 0)) return "notPositive";
  if (!(volume <= MAX_VOLUME)) return "tooLarge";
  return null;
}
