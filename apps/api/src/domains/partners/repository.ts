import fp from "fastify-plugin";
import type { Selectable } from "kysely";
import {
  INCUBATION_SECTORS,
  PARTNER_COMMON_FIELDS,
  type BrokerProgramme,
  type IncubationProgramme,
  type InstitutionalProgramme,
  type MarketMakerProgramme,
  type PartnerApplication,
  type PartnerApplicationInput,
  type PartnerApplicationKind,
  type PartnerApplicationStatus,
  type PartnerFaqItem,
  type PartnerFeature,
} from "@affiliates/contracts";
import { faqFor } from "../content/faq";
import type { BigIntColumn, Db, PartnerApplicationsTable } from "../../platform/db/schema";

/** Programme names of partner_features and the partner FAQs: the application kinds of the contract. */
export type PartnerProgrammeName = PartnerApplicationKind;

const num = (value: BigIntColumn | null | undefined): number => Number(value ?? 0);

type ApplicationRow = Selectable<PartnerApplicationsTable>;

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const toApplication = (r: ApplicationRow): PartnerApplication => ({
  id: Number(r.id),
  kind: r.kind as PartnerApplicationKind,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  company: r.company,
  telegram: r.telegram,
  country: r.country,
  message: r.message,
  details: parseDetails(r.details),
  status: r.status as PartnerApplicationStatus,
  locale: r.locale,
  createdAt: r.created_at,
});

/** The kind-specific fields of a request: everything but the common ones. */
export function applicationDetails(input: PartnerApplicationInput): Record<string, unknown> {
  const common = new Set<string>(PARTNER_COMMON_FIELDS);
  return Object.fromEntries(Object.entries(input).filter(([key]) => !common.has(key)));
}

export interface PartnersRepositoryOptions {
  now: () => number;
}

export function createPartnersRepository(db: Db, options: PartnersRepositoryOptions) {
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

    async createApplication(userId: string, input: PartnerApplicationInput, locale: string | null): Promise<number> {
      const row = await db
        .insertInto("partner_applications")
        .values({
          kind: input.kind,
          user_id: userId,
          name: input.name,
          email: input.email,
          company: input.company,
          telegram: input.telegram,
          country: input.country,
          message: input.message,
          details: JSON.stringify(applicationDetails(input)),
          status: "pending",
          locale,
          created_at: new Date(options.now()).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async latestApplication(userId: string, kind: PartnerApplicationKind): Promise<PartnerApplication | null> {
      const row = await db
        .selectFrom("partner_applications")
        .selectAll()
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? toApplication(row) : null;
    },

    async listApplications(
      filter: { kind?: PartnerApplicationKind | undefined; status?: PartnerApplicationStatus | undefined },
      limit: number,
    ): Promise<PartnerApplication[]> {
      let query = db.selectFrom("partner_applications").selectAll();
      if (filter.kind) query = query.where("kind", "=", filter.kind);
      if (filter.status) query = query.where("status", "=", filter.status);
      const rows = await query.orderBy("id", "desc").limit(limit).execute();
      return rows.map(toApplication);
    },
  };
}

export type PartnersRepository = ReturnType<typeof createPartnersRepository>;

declare module "fastify" {
  interface FastifyInstance {
    partners: PartnersRepository;
  }
}

export default fp<PartnersRepositoryOptions>(
  (app, options, done) => {
    app.decorate("partners", createPartnersRepository(app.db, options));
    done();
  },
  { name: "partners-repository", dependencies: ["db"] },
);
