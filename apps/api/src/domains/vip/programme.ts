import {
  vipRulesSchema,
  vipTrialSchema,
  type FeeLevel,
  type FeeSchedule,
  type VipGuide,
  type VipLevelBenefits,
  type VipProgramme,
} from "@affiliates/contracts";
import { faqFor, faqLocale } from "../content/faq";
import {
  DEFAULT_PLATFORM_TOKEN_DISCOUNT,
  DEFAULT_VIP_RULES,
  DEFAULT_VIP_TRIAL,
  ppmToFraction,
  VIP_RULES_SETTING,
  VIP_TRIAL_SETTING,
  type VipContext,
} from "./levels";

/** The programme as published: levels and fees, benefits, trial and review rules, and the guide. */
export function createVipProgramme({ db, config }: VipContext) {
  /** A JSON object setting from client_settings, validated; missing or malformed → the fallback. */
  async function setting<T>(key: string, parse: (value: unknown) => T | undefined, fallback: T): Promise<T> {
    const row = await db.selectFrom("client_settings").select("value").where("key", "=", key).executeTakeFirst();
    if (!row) return fallback;
    try {
      return parse(JSON.parse(row.value)) ?? fallback;
    } catch {
      return fallback;
    }
  }

  return {
    async levels(): Promise<FeeLevel[]> {
      const rows = await db.selectFrom("vip_levels").selectAll().orderBy("level").execute();
      return rows.map((r) => ({
        level: Number(r.level),
        name: r.name,
        spotMaker: ppmToFraction(r.spot_maker_ppm),
        spotTaker: ppmToFraction(r.spot_taker_ppm),
        futuresMaker: ppmToFraction(r.futures_maker_ppm),
        futuresTaker: ppmToFraction(r.futures_taker_ppm),
        spotVolume30d: Number(r.spot_volume_30d),
        futuresVolume30d: Number(r.futures_volume_30d),
        assets: Number(r.assets),
        withdrawalLimit24h: Number(r.withdrawal_limit_24h),
      }));
    },

    async platformTokenDiscount(): Promise<number> {
      const discount = await config.clientSetting("platformTokenDiscount", DEFAULT_PLATFORM_TOKEN_DISCOUNT);
      return Number.isFinite(discount) && discount >= 0 && discount <= 1 ? discount : DEFAULT_PLATFORM_TOKEN_DISCOUNT;
    },

    /** The schedule of `GET /v1/vip/fee-schedule`; a discount outside 0..1 in the settings falls back to the default. */
    async feeSchedule(): Promise<FeeSchedule> {
      const [levels, platformTokenDiscount] = await Promise.all([this.levels(), this.platformTokenDiscount()]);
      return { levels, platformTokenDiscount };
    },

    async benefits(): Promise<VipLevelBenefits[]> {
      const rows = await db.selectFrom("vip_level_benefits").selectAll().orderBy("level").execute();
      return rows.map((r) => ({
        level: Number(r.level),
        dedicatedManager: Number(r.dedicated_manager) === 1,
        airdrops: Number(r.airdrops) === 1,
        vipEarn: Number(r.vip_earn) === 1,
        apiRequestsPerSecond: Number(r.api_rps),
        subAccounts: Number(r.sub_accounts),
      }));
    },

    /** `GET /v1/vip/programme`; a malformed trial or rules setting falls back to the defaults. */
    async programme(): Promise<VipProgramme> {
      const [schedule, benefits, trial, rules] = await Promise.all([
        this.feeSchedule(),
        this.benefits(),
        setting(VIP_TRIAL_SETTING, (v) => vipTrialSchema.safeParse(v).data, DEFAULT_VIP_TRIAL),
        setting(VIP_RULES_SETTING, (v) => vipRulesSchema.safeParse(v).data, DEFAULT_VIP_RULES),
      ]);
      return { ...schedule, benefits, trial, rules };
    },

    /** The guide's FAQ in `locale` (item by item falling back to English) and the locale whose file answered. */
    guide(locale: string | null | undefined): VipGuide {
      return { locale: faqLocale(locale), faq: faqFor("vip", locale) };
    },
  };
}
