import type { Selectable } from "kysely";
import {
  PARTNER_COMMON_FIELDS,
  type PartnerApplication,
  type PartnerApplicationInput,
  type PartnerApplicationKind,
  type PartnerApplicationStatus,
} from "@affiliates/contracts";
import type { Db, PartnerApplicationsTable } from "../../platform/db/schema";

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

/** Partner applications: sent by users, read back by them and listed for operators. */
export function createPartnerApplications(db: Db, options: PartnersRepositoryOptions) {
  return {
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
