import {
  INCUBATION_SECTORS,
  type BrokerProgramme,
  type IncubationProgramme,
  type InstitutionalProgramme,
  type MarketMakerProgramme,
  type PartnerApplicationKind,
  type PartnerFaqItem,
  type PartnerFeature,
} from "@affiliates/contracts";
import { faqFor } from "../content/faq";
import type { BigIntColumn, Db } from "../../platform/db/schema";

/** Programme names of partner_features and the partner FAQs: the application kinds of the contract. */
export type PartnerProgrammeName = PartnerApplicationKind;

const num = (value: BigIntColumn | null | undefined): number => Number(value ?? 0);

/** The programmes' published terms: tiers, features and settings, and each programme's FAQ. */
export function createPartnerProgrammes(db: Db) {
  const features = async (programme: PartnerProgrammeName, section: string): Promise<PartnerFeature[]> => {
    const rows = await db
      .selectFrom("partner_features")
      .select(["key", "value"])
      .where("programme", "=", programme)
      .where("section", "=", section)
      .orderBy("sort")
      .execute();
    return rows.map((r) => ({ key: r.key, value: r.value === null ? null : num(r.value) }));
  };

  const setting = async (programme: PartnerProgrammeName, key: string): Promise<number> => {
    const row = await db
      .selectFrom("partner_features")
      .select("value")
      .where("programme", "=", programme)
      .where("section", "=", "setting")
      .where("key", "=", key)
      .executeTakeFirst();
    return num(row?.value);
  };

  /** The FAQ in the requested locale, item by item falling back to English (domains/content/faq/<locale>.json). */
  const faq = (programme: Exclude<PartnerProgrammeName, "institutional-pro">, locale: string): PartnerFaqItem[] =>
    faqFor(programme, locale);

  return {
    async broker(locale: string): Promise<BrokerProgramme> {
      const [tiers, maxMarkupBps, benefits] = await Promise.all([
        db.selectFrom("partner_broker_tiers").selectAll().orderBy("tier").execute(),
        setting("broker", "maxMarkupBps"),
        features("broker", "benefit"),
      ]);
      return {
        tiers: tiers.map((t) => ({
          tier: t.tier,
          name: t.name,
          spotVolumeUsdt: num(t.spot_volume_usdt),
          futuresVolumeUsdt: num(t.futures_volume_usdt),
          activeTraders: t.active_traders,
          ownRateBps: t.own_rate_bps,
          affiliatedRateBps: t.affiliated_rate_bps,
        })),
        maxMarkupBps,
        benefits,
        faq: faq("broker", locale),
      };
    },

    async marketMaker(locale: string): Promise<MarketMakerProgramme> {
      const [tiers, reviewDays, benefits] = await Promise.all([
        db.selectFrom("partner_maker_tiers").selectAll().orderBy("tier").execute(),
        setting("market-maker", "reviewDays"),
        features("market-maker", "benefit"),
      ]);
      return {
        tiers: tiers.map((t) => ({
          tier: t.tier,
          name: t.name,
          monthlyVolumeUsdt: num(t.monthly_volume_usdt),
          makerFeePpm: t.maker_fee_ppm,
          takerFeePpm: t.taker_fee_ppm,
          apiRequestsPerSecond: t.api_rps,
          minMakerRatioBps: t.min_maker_ratio_bps,
        })),
        reviewDays,
        benefits,
        faq: faq("market-maker", locale),
      };
    },

    async institutional(locale: string): Promise<InstitutionalProgramme> {
      const [services, offers, minMonthlyVolumeUsdt, minAssetsUsdt] = await Promise.all([
        features("institutional", "service"),
        features("institutional-pro", "offer"),
        setting("institutional-pro", "minMonthlyVolumeUsdt"),
        setting("institutional-pro", "minAssetsUsdt"),
      ]);
      return { services, pro: { minMonthlyVolumeUsdt, minAssetsUsdt, offers }, faq: faq("institutional", locale) };
    },

    async incubation(locale: string): Promise<IncubationProgramme> {
      const [offers, stages, cohorts] = await Promise.all([
        features("incubation", "offer"),
        features("incubation", "stage"),
        db.selectFrom("partner_cohort_projects").selectAll().orderBy("cohort", "desc").orderBy("id").execute(),
      ]);
      return {
        offers,
        stages: stages.map((s) => ({ key: s.key, weeks: s.value ?? 0 })),
        cohorts: cohorts
          .filter((c): c is typeof c & { sector: (typeof INCUBATION_SECTORS)[number] } =>
            (INCUBATION_SECTORS as readonly string[]).includes(c.sector),
          )
          .map((c) => ({
            id: c.id,
            cohort: c.cohort,
            name: c.name,
            sector: c.sector,
            raisedUsdt: num(c.raised_usdt),
            listedOn: c.listed_on,
            website: c.website,
          })),
        faq: faq("incubation", locale),
      };
    },
  };
}
