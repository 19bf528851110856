import { randomInt } from "node:crypto";
import fp from "fastify-plugin";
import type { UserSettings } from "@affiliates/contracts";
import type { Db, UsersTable } from "../../platform/db/schema";

export type UserRow = UsersTable;

export interface NewUser {
  email: string;
  passwordHash: string;
  mobile: string | null;
  userName: string;
}

/** Settings of a freshly registered user: email bound and enabled, nothing else yet. */
const NEW_USER_SETTINGS: UserSettings = {
  mbf: 0,
  ebf: 1,
  gbf: 0,
  tbf: 0,
  tpi: "",
  tpl: 0,
  kf: 0,
  oo: 0,
  oc: 0,
  ob: 0,
  eef: 1,
  mef: 0,
  gef: 0,
};

export function createUsersRepository(db: Db, now: () => number) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
    },
    findById(userId: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("user_id", "=", userId).executeTakeFirst();
    },
    async settingsOf(userId: string): Promise<UserSettings> {
      const row = await db.selectFrom("user_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
      if (!row) return NEW_USER_SETTINGS;
      const { mbf, ebf, gbf, tbf, tpi, tpl, kf, oo, oc, ob, eef, mef, gef } = row;
      // PostgreSQL answers integers as numbers; SQLite too. Number() keeps both honest.
      return {
        mbf: Number(mbf),
        ebf: Number(ebf),
        gbf: Number(gbf),
        tbf: Number(tbf),
        tpi: String(tpi),
        tpl: Number(tpl),
        kf: Number(kf),
        oo: Number(oo),
        oc: Number(oc),
        ob: Number(ob),
        eef: Number(eef),
        mef: Number(mef),
        gef: Number(gef),
      };
    },
    /** Inserts the user and their settings; undefined when the email is taken. */
    async create(user: NewUser): Promise<UserRow | undefined> {
      const email = user.email.toLowerCase();
      return db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom("users").select("user_id").where("email", "=", email).executeTakeFirst();
        if (taken) return undefined;
        let userId = "";
        for (;;) {
          // Exchange-style 10-digit numeric ids, never starting with 0.
          userId = String(randomInt(1_000_000_000, 9_999_999_999));
          const clash = await trx
            .selectFrom("users")
            .select("user_id")
            .where("user_id", "=", userId)
            .executeTakeFirst();
          if (!clash) break;
        }
        const row: UserRow = {
          user_id: userId,
          email,
          password_hash: user.passwordHash,
          mobile: user.mobile,
          user_name: user.userName,
          role: "user",
          created_at: new Date(now()).toISOString(),
        };
        await trx.insertInto("users").values(row).execute();
        await trx
          .insertInto("user_settings")
          .values({ user_id: userId, ...NEW_USER_SETTINGS, mbf: user.mobile ? 1 : 0 })
          .execute();
        return row;
      });
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module "fastify" {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

export default fp<{ now: () => number }>(
  (app, options, done) => {
    app.decorate("users", createUsersRepository(app.db, options.now));
    done();
  },
  { name: "users-repository", dependencies: ["db"] },
);
