import type { AppEnv } from "../config";
import { hashPassword } from "../lib/password";
import type { Db, UserSettingsTable } from "./schema";

export type DemoRole = "affiliate" | "user";

export interface DemoAccount {
  email: string;
  password: string;
  role: DemoRole;
  userId: string;
  userName: string;
  mobile: string | null;
  settings: Omit<UserSettingsTable, "user_id">;
}

/** The demo accounts an empty database is seeded with; `scripts/start.mjs` prints them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "affiliate@example.com",
    password: "Affiliate#2026",
    role: "affiliate",
    userId: "8012345678",
    userName: "Aurora Affiliate",
    mobile: "+1 4155552671",
    // Real-name verified (kf 2), phone, email and authenticator bound and enabled, fund password set, OTC and contracts open.
    settings: { mbf: 1, ebf: 1, gbf: 1, tbf: 1, tpi: "1", tpl: 0, kf: 2, oo: 1, oc: 1, ob: 1, eef: 1, mef: 1, gef: 1 },
  },
  {
    email: "user@example.com",
    password: "User#2026",
    role: "user",
    userId: "8012345679",
    userName: "Uma User",
    mobile: null,
    settings: { mbf: 0, ebf: 1, gbf: 0, tbf: 0, tpi: "", tpl: 0, kf: 0, oo: 0, oc: 0, ob: 0, eef: 1, mef: 0, gef: 0 },
  },
];

/** Image CDN origins per environment (illustrative hosts under the reserved .example TLD). */
export const DEMO_DOMAINS: Readonly<Record<AppEnv, { foreign: readonly string[]; internal: readonly string[] }>> = {
  test: {
    foreign: ["https://img-test-1.exchange-cdn.example", "https://img-test-2.exchange-cdn.example"],
    internal: ["https://img-test-1.exchange-cdn-cn.example", "https://img-test-2.exchange-cdn-cn.example"],
  },
  beta: {
    foreign: ["https://img-beta-1.exchange-cdn.example", "https://img-beta-2.exchange-cdn.example"],
    internal: ["https://img-beta-1.exchange-cdn-cn.example", "https://img-beta-2.exchange-cdn-cn.example"],
  },
  online: {
    foreign: ["https://img1.exchange-cdn.example", "https://img2.exchange-cdn.example"],
    internal: ["https://img1.exchange-cdn-cn.example", "https://img2.exchange-cdn-cn.example"],
  },
};

export const DEMO_CLIENT_SETTINGS: Readonly<Record<string, unknown>> = { eventLogUploadSwitch: true };

/** Fixed creation time so a seeded database is the same on every machine. */
const SEEDED_AT = "2026-01-05T09:00:00.000Z";

/** Seeds an empty database (no users) in one transaction; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction().execute(async (trx) => {
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      await trx
        .insertInto("users")
        .values({
          user_id: account.userId,
          email: account.email,
          password_hash: hashes[i] ?? "",
          mobile: account.mobile,
          user_name: account.userName,
          role: account.role,
          created_at: SEEDED_AT,
        })
        .execute();
      await trx.insertInto("user_settings").values({ user_id: account.userId, ...account.settings }).execute();
    }
    const existingDomains = await trx.selectFrom("domain_config").select("id").limit(1).execute();
    if (existingDomains.length === 0) {
      let id = 1;
      for (const [env, lists] of Object.entries(DEMO_DOMAINS)) {
        for (const kind of ["foreign", "internal"] as const) {
          for (const [sort, domain] of lists[kind].entries()) {
            await trx.insertInto("domain_config").values({ id: id++, app_env: env, kind, domain, sort }).execute();
          }
        }
      }
    }
    for (const [key, value] of Object.entries(DEMO_CLIENT_SETTINGS)) {
      const exists = await trx.selectFrom("client_settings").select("key").where("key", "=", key).executeTakeFirst();
      if (!exists) await trx.insertInto("client_settings").values({ key, value: JSON.stringify(value) }).execute();
    }
  });
  return true;
}
