/** Analytics tracking ids of the VIP pages' clickable elements (requirements.md §5: "b" and digits). */
export const VIP_TRACKING_IDS = {
  vipLink: "b3101",
  airdropJoin: "b3102",
  feeDiscount: "b3103",
} as const;
