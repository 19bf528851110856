import fp from "fastify-plugin";
import type { DomainConfig } from "@affiliates/contracts";
import type { AppEnv } from "../../platform/config";
import type { Db } from "../../platform/db/schema";

export function createConfigRepository(db: Db, appEnv: AppEnv) {
  return {
    async domainConfig(): Promise<DomainConfig> {
      const rows = await db
        .selectFrom("domain_config")
        .select(["kind", "domain"])
        .where("app_env", "=", appEnv)
        .orderBy("sort")
        .orderBy("id")
        .execute();
      return {
        imgDomainConfig: {
          foreignDomainList: rows.filter((r) => r.kind === "foreign").map((r) => r.domain),
          internalDomainList: rows.filter((r) => r.kind === "internal").map((r) => r.domain),
        },
      };
    },
    /** A client-wide setting stored as JSON text; the fallback when absent or not of the fallback's type. */
    async clientSetting<T extends boolean | number | string>(key: string, fallback: T): Promise<T> {
      const row = await db.selectFrom("client_settings").select("value").where("key", "=", key).executeTakeFirst();
      if (!row) return fallback;
      try {
        const value: unknown = JSON.parse(row.value);
        return typeof value === typeof fallback ? (value as T) : fallback;
      } catch {
        return fallback;
      }
    },
    async setClientSetting(key: string, value: boolean | number | string): Promise<void> {
      const text = JSON.stringify(value);
      await db
        .insertInto("client_settings")
        .values({ key, value: text })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: text }))
        .execute();
    },
  };
}

export type ConfigRepository = ReturnType<typeof createConfigRepository>;

declare module "fastify" {
  interface FastifyInstance {
    configRepository: ConfigRepository;
  }
}

export default fp<{ appEnv: AppEnv }>(
  (app, options, done) => {
    app.decorate("configRepository", createConfigRepository(app.db, options.appEnv));
    done();
  },
  { name: "config-repository", dependencies: ["db"] },
);
