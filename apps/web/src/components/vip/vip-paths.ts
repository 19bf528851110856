import { OFFERS } from "@/lib/offers";
/** The VIP programme's calls (issue 10); each is also the ahooks cache key of its answer. */
export const VIP_PROGRAMME_PATH = OFFERS.vipProgramme.path;
export const VIP_STATUS_PATH = "v1/vip/me";
export const VIP_GUIDE_PATH = OFFERS.vipGuide.path;
export const VIP_AIRDROPS_PATH = "v1/vip/airdrops";
export const vipAirdropJoinPath = (id: string) => `v1/vip/airdrops/${encodeURIComponent(id)}/join`;

/** Analytics tracking ids of the VIP pages' clickable elements (spec §5: "b" and digits). */
export const VIP_TRACKING_IDS = {
  vipLink: "b3101",
  airdropJoin: "b3102",
  feeDiscount: "b3103",
} as const;
