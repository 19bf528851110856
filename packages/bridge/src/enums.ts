/** Business lines of requirements.md §3. */
export const BusinessLine = {
  spot: 1,
  finance: 6,
  usdtContract: 10,
  coinContract: 11,
  usdcContract: 12,
  spotMargin: 23,
} as const;
export type BusinessLineValue = (typeof BusinessLine)[keyof typeof BusinessLine];

/** Margin mode of requirements.md §3. */
export const MarginMode = {
  cross: 0,
  isolated: 1,
} as const;

/** Asset tab names of requirements.md §2 (the financial-assets deep link's `type`). */
export const ASSET_TABS = ["overview", "spot", "contract", "p2p", "financial", "swap", "reward", "margin"] as const;
export type AssetTab = (typeof ASSET_TABS)[number];
