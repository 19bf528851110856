import fp from "fastify-plugin";
import type { SupportMessage, SupportMessageRequest } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";

export interface NewSupportMessage extends SupportMessageRequest {
  /** "" or undefined for anonymous visitors (stored as NULL). */
  userId: string | undefined;
  ip: string;
}

export function createSupportRepository(db: Db, now: () => number) {
  return {
    /** Stores the message; returns its id. */
    async create(input: NewSupportMessage): Promise<number> {
      const row = await db
        .insertInto("support_messages")
        .values({
          email: input.email,
          message: input.message,
          locale: input.locale ?? null,
          page: input.page ?? null,
          user_id: input.userId || null,
          ip: input.ip,
          created_at: new Date(now()).toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** The latest `limit` messages, newest first (ids grow with time, so they break ties within a millisecond). */
    async latest(limit: number): Promise<SupportMessage[]> {
      const rows = await db
        .selectFrom("support_messages")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        email: r.email,
        message: r.message,
        locale: r.locale,
        page: r.page,
        userId: r.user_id,
        createdAt: r.created_at,
      }));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;

declare module "fastify" {
  interface FastifyInstance {
    support: SupportRepository;
  }
}

export default fp<{ now: () => number }>(
  (app, options, done) => {
    app.decorate("support", createSupportRepository(app.db, options.now));
    done();
  },
  { name: "support-repository", dependencies: ["db"] },
);
