import { createHash, randomBytes } from "node:crypto";
import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";

export { SESSION_COOKIE } from "@affiliates/contracts";
/** 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface SessionsOptions {
  ttlMs: number;
  now: () => number;
}

export function createSessionsRepository(db: Db, options: SessionsOptions) {
  return {
    ttlMs: options.ttlMs,
    /** A new opaque token for the user; only its hash is stored. */
    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const created = options.now();
      const expiresAt = new Date(created + options.ttlMs);
      await db
        .insertInto("sessions")
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: new Date(created).toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .execute();
      // Housekeeping: drop this user's expired sessions.
      await db
        .deleteFrom("sessions")
        .where("user_id", "=", userId)
        .where("expires_at", "<=", new Date(created).toISOString())
        .execute();
      return { token, expiresAt };
    },
    /** The user id of a live session, or undefined for unknown and expired tokens. */
    async userIdOf(token: string): Promise<string | undefined> {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = await db
        .selectFrom("sessions")
        .select(["user_id", "expires_at"])
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirst();
      if (!row) return undefined;
      if (Date.parse(row.expires_at) <= options.now()) return undefined;
      return row.user_id;
    },
    async delete(token: string): Promise<void> {
      await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
    },
    async countLive(): Promise<number> {
      const row = await db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("expires_at", ">", new Date(options.now()).toISOString())
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionsRepository;
  }
}

export default fp<SessionsOptions>(
  (app, options, done) => {
    app.decorate("sessions", createSessionsRepository(app.db, options));
    done();
  },
  { name: "sessions-repository", dependencies: ["db"] },
);
