import { sql, type Transaction } from "kysely";
import type { Database, Db } from "../../platform/db/schema";
import { chunked } from "../../platform/db/rows";

/**
 * The totals the dashboard reads instead of the commission lines (migration 0012): every writer of lines, invitees
 * or their first events adds its deltas here in the same transaction, and `rebuildTotals` derives them from the lines
 * and invitees (after a bulk seed, in the migration, and as the check in tests that the two agree).
 */

type Trx = Transaction<Database> | Db;

/** Link 0 stands for "no link of this affiliate's" (an override line, or an invitee attributed without a link). */
export const NO_LINK = 0;

export interface TradingDelta {
  affiliate_user_id: string;
  day: string;
  link_id: number;
  market: string;
  source: string;
  fills: number;
  volume_cents: number;
  fee_micros: number;
  commission_micros: number;
  rebate_micros: number;
  pending_cents: number;
  settled_cents: number;
  pending_lines: number;
  settled_lines: number;
}

export interface FunnelDelta {
  affiliate_user_id: string;
  day: string;
  link_id: number;
  signups?: number;
  kyc?: number;
  deposits?: number;
  first_trades?: number;
  active_traders?: number;
}

const TRADING_SUMS = [
  "fills",
  "volume_cents",
  "fee_micros",
  "commission_micros",
  "rebate_micros",
  "pending_cents",
  "settled_cents",
  "pending_lines",
  "settled_lines",
] as const;
const FUNNEL_SUMS = ["signups", "kyc", "deposits", "first_trades", "active_traders"] as const;

const keyOf = (d: { affiliate_user_id: string; day: string; link_id: number }, ...rest: string[]): string =>
  [d.affiliate_user_id, d.day, String(d.link_id), ...rest].join("|");

/** Merges deltas of one key (a batch may bring many) and sorts them, so concurrent writers lock rows in one order. */
function merged<T extends { affiliate_user_id: string; day: string; link_id: number }>(
  deltas: readonly T[],
  key: (d: T) => string,
  add: (into: T, d: T) => void,
): T[] {
  const byKey = new Map<string, T>();
  for (const d of deltas) {
    const k = key(d);
    const seen = byKey.get(k);
    if (seen) add(seen, d);
    else byKey.set(k, { ...d });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
}

const addRef = (table: string, column: string) =>
  sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

/** Adds to the trading totals of each (affiliate, day, link, market, source): one upsert per 200 keys. */
export async function addTradingTotals(trx: Trx, deltas: readonly TradingDelta[]): Promise<void> {
  const rows = merged(
    deltas,
    (d) => keyOf(d, d.market, d.source),
    (into, d) => {
      for (const column of TRADING_SUMS) into[column] += d[column];
    },
  );
  for (const part of chunked(rows, 200)) {
    await trx
      .insertInto("affiliate_trading_totals")
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(["affiliate_user_id", "day", "link_id", "market", "source"])
          .doUpdateSet(Object.fromEntries(TRADING_SUMS.map((c) => [c, addRef("affiliate_trading_totals", c)]))),
      )
      .execute();
  }
}

/** Adds to the funnel counts of each (affiliate, day, link). */
export async function addFunnelTotals(trx: Trx, deltas: readonly FunnelDelta[]): Promise<void> {
  // Every count present (absent ones are 0), then one row per key.
  const full = deltas.map((d) => ({
    affiliate_user_id: d.affiliate_user_id,
    day: d.day,
    link_id: d.link_id,
    signups: d.signups ?? 0,
    kyc: d.kyc ?? 0,
    deposits: d.deposits ?? 0,
    first_trades: d.first_trades ?? 0,
    active_traders: d.active_traders ?? 0,
  }));
  const rows = merged(full, keyOf, (into, d) => {
    for (const column of FUNNEL_SUMS) into[column] += d[column];
  });
  for (const part of chunked(rows, 200)) {
    await trx
      .insertInto("affiliate_funnel_totals")
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(["affiliate_user_id", "day", "link_id"])
          .doUpdateSet(Object.fromEntries(FUNNEL_SUMS.map((c) => [c, addRef("affiliate_funnel_totals", c)]))),
      )
      .execute();
  }
}

/**
 * Records that each invitee traded on each day; answers the pairs that are new (their first fill of that day), which
 * the caller counts as active traders of the day.
 */
export async function addTraderDays(
  trx: Trx,
  days: readonly { affiliate_user_id: string; day: string; invitee_id: number }[],
): Promise<{ affiliate_user_id: string; day: string; invitee_id: number }[]> {
  const unique = new Map(days.map((d) => [`${d.affiliate_user_id}|${d.day}|${d.invitee_id}`, d]));
  const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
  const added: { affiliate_user_id: string; day: string; invitee_id: number }[] = [];
  for (const part of chunked(sorted, 300)) {
    const rows = await trx
      .insertInto("affiliate_trader_days")
      .values(part)
      .onConflict((oc) => oc.columns(["affiliate_user_id", "day", "invitee_id"]).doNothing())
      .returning(["affiliate_user_id", "day", "invitee_id"])
      .execute();
    added.push(...rows.map((r) => ({ ...r, invitee_id: Number(r.invitee_id) })));
  }
  return added;
}

/**
 * Derives every total from the lines and invitees (for all affiliates, or those given): after a bulk insert that
 * did not go through the feed (seeds, the migration), and in tests as the reference the kept totals must equal.
 */
export async function rebuildTotals(db: Trx, affiliateUserIds?: readonly string[]): Promise<void> {
  const only = (column: string) =>
    affiliateUserIds === undefined
      ? sql<boolean>`1 = 1`
      : affiliateUserIds.length === 0
        ? sql<boolean>`1 = 0`
        : sql<boolean>`${sql.ref(column)} in (${sql.join(affiliateUserIds)})`;
  for (const table of ["affiliate_trading_totals", "affiliate_funnel_totals", "affiliate_trader_days"] as const)
    await db
      .deleteFrom(table)
      .where(() => only("affiliate_user_id"))
      .execute();

  await sql`insert into affiliate_trading_totals (affiliate_user_id, day, link_id, market, source, fills, volume_cents,
      fee_micros, commission_micros, rebate_micros, pending_cents, settled_cents, pending_lines, settled_lines)
    select affiliate_user_id, trade_day, coalesce(link_id, ${sql.lit(NO_LINK)}), business_line, source, sum(fills),
      sum(volume_cents), sum(fee_micros), sum(commission_micros), sum(rebate_micros),
      sum(case when status = 'pending' then commission_cents else 0 end),
      sum(case when status = 'settled' then commission_cents else 0 end),
      sum(case when status = 'pending' then 1 else 0 end), sum(case when status = 'settled' then 1 else 0 end)
    from affiliate_commissions where ${only("affiliate_user_id")}
    group by affiliate_user_id, trade_day, coalesce(link_id, ${sql.lit(NO_LINK)}), business_line, source`.execute(db);

  await sql`insert into affiliate_trader_days (affiliate_user_id, day, invitee_id)
    select distinct affiliate_user_id, trade_day, invitee_id from affiliate_commissions
    where source = 'direct' and ${only("affiliate_user_id")}`.execute(db);
  await sql`update affiliate_invitees set last_trade_day = (select max(d.day) from affiliate_trader_days d
      where d.affiliate_user_id = affiliate_invitees.affiliate_user_id and d.invitee_id = affiliate_invitees.id)
    where ${only("affiliate_user_id")}`.execute(db);

  const dayOf = (column: string) => sql`substr(${sql.ref(column)}, 1, 10)`;
  const events = (column: string, name: string) =>
    sql`select affiliate_user_id, ${dayOf(column)} as day, coalesce(link_id, ${sql.lit(NO_LINK)}) as link_id,
      ${sql.raw(name)} as what from affiliate_invitees where ${sql.ref(column)} is not null
      and ${only("affiliate_user_id")}`;
  await sql`insert into affiliate_funnel_totals (affiliate_user_id, day, link_id, signups, kyc, deposits, first_trades,
      active_traders)
    select affiliate_user_id, day, link_id, sum(case when what = 1 then 1 else 0 end),
      sum(case when what = 2 then 1 else 0 end), sum(case when what = 3 then 1 else 0 end),
      sum(case when what = 4 then 1 else 0 end), sum(case when what = 5 then 1 else 0 end)
    from (
      ${events("registered_at", "1")} union all ${events("kyc_at", "2")} union all
      ${events("first_deposit_at", "3")} union all ${events("first_trade_at", "4")} union all
      select d.affiliate_user_id, d.day, coalesce(i.link_id, ${sql.lit(NO_LINK)}), 5 from affiliate_trader_days d
        join affiliate_invitees i on i.id = d.invitee_id where ${only("d.affiliate_user_id")}
    ) e
    group by affiliate_user_id, day, link_id`.execute(db);
}
