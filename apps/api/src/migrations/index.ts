import type { Migration } from "kysely";
import * as initial from "./0001-initial";
import * as vipAndSupport from "./0002-vip-and-support";
import * as deviceTokens from "./0003-device-tokens";
import * as analytics from "./0004-analytics";
import * as errorEvents from "./0005-error-events";
import * as affiliate from "./0006-affiliate";
import * as vipProgramme from "./0007-vip-programme";
import * as partnerProgrammes from "./0008-partner-programmes";
import * as affiliateCardQuota from "./0009-affiliate-card-quota";
import * as referralLoop from "./0010-referral-loop";
import * as analyticsSender from "./0011-analytics-sender";
import * as scaleTotals from "./0012-scale-totals";
import * as abuseLimits from "./0013-abuse-limits";
import * as storageBounds from "./0014-storage-bounds";
import * as riskHolds from "./0015-risk-holds";
import * as subAffiliateConsent from "./0016-sub-affiliate-consent";
import * as analyticsRetention from "./0017-analytics-retention";
import * as partnerDesk from "./0018-partner-desk";
import * as ledgerAdjustments from "./0019-ledger-adjustments";

/** Migrations are imported statically (no directory scanning), so they work the same under tsx, vitest and bundlers. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-vip-and-support": vipAndSupport,
  "0003-device-tokens": deviceTokens,
  "0004-analytics": analytics,
  "0005-error-events": errorEvents,
  "0006-affiliate": affiliate,
  "0007-vip-programme": vipProgramme,
  "0008-partner-programmes": partnerProgrammes,
  "0009-affiliate-card-quota": affiliateCardQuota,
  "0010-referral-loop": referralLoop,
  "0011-analytics-sender": analyticsSender,
  "0012-scale-totals": scaleTotals,
  "0013-abuse-limits": abuseLimits,
  "0014-storage-bounds": storageBounds,
  "0015-risk-holds": riskHolds,
  "0016-sub-affiliate-consent": subAffiliateConsent,
  "0017-analytics-retention": analyticsRetention,
  "0018-partner-desk": partnerDesk,
  "0019-ledger-adjustments": ledgerAdjustments,
};
