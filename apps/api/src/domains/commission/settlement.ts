import { sql, type Transaction } from "kysely";
import type { SettleResult } from "@affiliates/contracts";
import type { Database } from "../../platform/db/schema";
import { addDays, dayOf } from "../../platform/lib/days";
import { num } from "../../platform/db/rows";
import { NO_LINK } from "./totals";
import type { EngineContext } from "./engine-context";

type Trx = Transaction<Database>;

/** RISK HOLD (migration 0015, README "Risk checks"): a held or voided invitee's lines do not settle. */
const NOT_HELD = sql<boolean>`invitee_id not in (select invitee_id from risk_flags where status <> 'released')`;

/**
 * Settles the pending lines of one trade day in `trx`: each line's cents move from pending to settled in the totals
 * and each affiliate is credited their sum. PostgreSQL does it in one statement (the update's returned rows feed
 * the credits and totals, so a fill added concurrently to a line is either in both or in neither); SQLite, which
 * runs one transaction at a time, in three.
 */
async function settleDay(
  postgres: boolean,
  trx: Trx,
  tradeDay: string,
  at: string,
): Promise<{ lines: number; cents: number; credited: string[] }> {
  if (postgres) {
    const { rows } = await sql<{ lines: string; user_id: string | null; cents: string | null }>`
        with settled as (
          update affiliate_commissions set status = 'settled', settled_at = ${at}
          where status = 'pending' and trade_day = ${tradeDay} and ${NOT_HELD}
          returning affiliate_user_id, trade_day, link_id, business_line, source, commission_cents
        ), by_key as (
          select affiliate_user_id, trade_day, coalesce(link_id, ${sql.lit(NO_LINK)}) as link_id, business_line, source,
            sum(commission_cents) as cents, count(*) as n
          from settled group by 1, 2, 3, 4, 5
        ), moved as (
          update affiliate_trading_totals t set pending_cents = t.pending_cents - k.cents,
            settled_cents = t.settled_cents + k.cents, pending_lines = t.pending_lines - k.n,
            settled_lines = t.settled_lines + k.n
          from by_key k where t.affiliate_user_id = k.affiliate_user_id and t.day = k.trade_day
            and t.link_id = k.link_id and t.market = k.business_line and t.source = k.source
          returning 1
        ), credits as (
          insert into affiliate_ledger (user_id, kind, amount_cents, trade_day, destination, created_at)
          select affiliate_user_id, 'settlement', sum(cents), trade_day, null, ${at} from by_key
          group by affiliate_user_id, trade_day having sum(cents) > 0
          returning user_id, amount_cents
        )
        select (select count(*) from settled) as lines, c.user_id, c.amount_cents as cents
        from (select 1) one left join credits c on true, (select count(*) from moved) m`.execute(trx);
    return {
      lines: num(rows[0]?.lines),
      cents: rows.reduce((sum, r) => sum + num(r.cents), 0),
      credited: rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
    };
  }
  const pending = sql`status = 'pending' and trade_day = ${tradeDay} and ${NOT_HELD}`;
  const credits = await sql<{ user_id: string; cents: number }>`
      insert into affiliate_ledger (user_id, kind, amount_cents, trade_day, destination, created_at)
      select affiliate_user_id, 'settlement', sum(commission_cents), trade_day, null, ${at}
      from affiliate_commissions where ${pending}
      group by affiliate_user_id, trade_day having sum(commission_cents) > 0
      returning user_id, amount_cents as cents`.execute(trx);
  await sql`update affiliate_trading_totals as t set pending_cents = t.pending_cents - k.cents,
        settled_cents = t.settled_cents + k.cents, pending_lines = t.pending_lines - k.n,
        settled_lines = t.settled_lines + k.n
      from (select affiliate_user_id, trade_day, coalesce(link_id, ${sql.lit(NO_LINK)}) as link_id, business_line, source,
          sum(commission_cents) as cents, count(*) as n
        from affiliate_commissions where ${pending} group by 1, 2, 3, 4, 5) as k
      where t.affiliate_user_id = k.affiliate_user_id and t.day = k.trade_day and t.link_id = k.link_id
        and t.market = k.business_line and t.source = k.source`.execute(trx);
  const settled = await sql`update affiliate_commissions set status = 'settled', settled_at = ${at}
      where ${pending}`.execute(trx);
  return {
    lines: Number(settled.numAffectedRows ?? 0n),
    cents: credits.rows.reduce((sum, r) => sum + num(r.cents), 0),
    credited: credits.rows.map((r) => r.user_id),
  };
}

/** The daily settlement and its T+1 run. */
export function createSettlement({ db, postgres, nowIso, options }: EngineContext) {
  return {
    /**
     * The daily settlement: every pending line of `day` and before becomes settled, and each affiliate's ledger is
     * credited the settled commission of each trade day. Set-based, one trade day per transaction: the lines, the
     * ledger credits and the totals move in statements, nothing per line in Node. A line moves from pending once
     * only (the update's condition), so a repeated or concurrent settlement credits nothing twice.
     */
    async settle(day: string): Promise<SettleResult> {
      const at = nowIso();
      const days = await db
        .selectFrom("affiliate_commissions")
        .select("trade_day")
        .distinct()
        .where("status", "=", "pending")
        .where("trade_day", "<=", day)
        .where(NOT_HELD)
        .orderBy("trade_day")
        .execute();
      const result = { lines: 0, cents: 0, affiliates: new Set<string>() };
      const started = performance.now();
      for (const { trade_day } of days) {
        const settled = await db.transaction().execute((trx) => settleDay(postgres, trx, trade_day, at));
        result.lines += settled.lines;
        result.cents += settled.cents;
        for (const user of settled.credited) result.affiliates.add(user);
      }
      options.metrics?.settlementRuns.inc();
      options.metrics?.settlementLines.inc(result.lines);
      options.metrics?.settlementDuration.observe((performance.now() - started) / 1000);
      return { day, lines: result.lines, affiliates: result.affiliates.size, creditedUsdt: result.cents / 100 };
    },

    /** Settles every day before today that still has pending lines (the T+1 00:00 UTC run; cheap when there are none). */
    async settleDue(): Promise<SettleResult | null> {
      const yesterday = addDays(dayOf(options.now()), -1);
      const due = await db
        .selectFrom("affiliate_commissions")
        .select("id")
        .where("status", "=", "pending")
        .where("trade_day", "<=", yesterday)
        .where(NOT_HELD)
        .limit(1)
        .executeTakeFirst();
      return due ? this.settle(yesterday) : null;
    },
  };
}
