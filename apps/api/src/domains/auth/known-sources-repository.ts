import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";
import { clientKey } from "../../platform/http/client-key";

/** Where a login comes from: the client IP and, when a device token was checked, the device it is bound to. */
export interface LoginSource {
  ip: string;
  /** The fingerprint of the request's device token (request.deviceFingerprint). */
  device?: string | undefined;
}

/** The most recent sources kept per account: enough for a person's phones, computers and networks. */
export const KNOWN_SOURCES_PER_ACCOUNT = 20;

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** The rows a source stands for: its IP's client key (an IPv6 /64), and its device (hashed) when it has one. */
function keysOf(source: LoginSource): { kind: "device" | "ip"; value: string }[] {
  const keys: { kind: "device" | "ip"; value: string }[] = [{ kind: "ip", value: clientKey(source.ip) }];
  if (source.device) keys.push({ kind: "device", value: sha256(source.device) });
  return keys;
}

export interface KnownSourcesOptions {
  now: () => number;
}

/** The devices and networks each account has logged in from (migration 0013-abuse-limits). */
export function createKnownSourcesRepository(db: Db, options: KnownSourcesOptions) {
  return {
    /** Whether the account has logged in (or registered) from this device or this IP before. */
    async isKnown(userId: string, source: LoginSource): Promise<boolean> {
      const keys = keysOf(source);
      const row = await db
        .selectFrom("login_known_sources")
        .select("kind")
        .where("user_id", "=", userId)
        .where((eb) => eb.or(keys.map((k) => eb.and([eb("kind", "=", k.kind), eb("value", "=", k.value)]))))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a successful login's source; only the KNOWN_SOURCES_PER_ACCOUNT most recent are kept. */
    async remember(userId: string, source: LoginSource): Promise<void> {
      const seen = new Date(options.now()).toISOString();
      await db.transaction().execute(async (trx) => {
        for (const key of keysOf(source)) {
          await trx
            .insertInto("login_known_sources")
            .values({ user_id: userId, kind: key.kind, value: key.value, last_seen_at: seen })
            .onConflict((oc) => oc.columns(["user_id", "kind", "value"]).doUpdateSet({ last_seen_at: seen }))
            .execute();
        }
        const stale = await trx
          .selectFrom("login_known_sources")
          .select(["kind", "value"])
          .where("user_id", "=", userId)
          .orderBy("last_seen_at", "desc")
          .offset(KNOWN_SOURCES_PER_ACCOUNT)
          .limit(1000)
          .execute();
        for (const row of stale) {
          await trx
            .deleteFrom("login_known_sources")
            .where("user_id", "=", userId)
            .where("kind", "=", row.kind)
            .where("value", "=", row.value)
            .execute();
        }
      });
    },
  };
}

export type KnownSourcesRepository = ReturnType<typeof createKnownSourcesRepository>;

declare module "fastify" {
  interface FastifyInstance {
    knownSources: KnownSourcesRepository;
  }
}

export default fp<KnownSourcesOptions>(
  (app, options, done) => {
    app.decorate("knownSources", createKnownSourcesRepository(app.db, options));
    done();
  },
  { name: "known-sources-repository", dependencies: ["db"] },
);
