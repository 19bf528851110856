// Zod-free: the VIP pages read it in the browser without the schema library.
/** The three qualifying metrics of a VIP level (30-day spot volume, 30-day futures volume, assets; USD). */
export const VIP_METRICS = ["spotVolume30d", "futuresVolume30d", "assets"] as const;
export type VipMetric = (typeof VIP_METRICS)[number];
