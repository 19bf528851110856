import { z } from "zod";

/** One VIP level's fees; rates are fractions (0.001 = 0.10%). */
export const feeLevelSchema = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  spotMaker: z.number(),
  spotTaker: z.number(),
  futuresMaker: z.number(),
  futuresTaker: z.number(),
  /** Qualifying thresholds in USD (any one met qualifies; 0 = none) and the 24 h withdrawal limit, when known. */
  spotVolume30d: z.number().optional(),
  futuresVolume30d: z.number().optional(),
  assets: z.number().optional(),
  withdrawalLimit24h: z.number().optional(),
});
export type FeeLevel = z.infer<typeof feeLevelSchema>;

export const feeScheduleSchema = z.object({
  levels: z.array(feeLevelSchema),
  /** Discount when fees are paid in the platform token, as a fraction (0.2 = 20% off). */
  platformTokenDiscount: z.number().min(0).max(1),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;
