import fp from "fastify-plugin";
import { PostgresAdapter, sql, type Insertable, type RawBuilder, type Transaction } from "kysely";
import type { LevelReviewResult, SettleResult, TradeFeedResult, TradeFill } from "@affiliates/contracts";
import type { AffiliateCommissionsTable, AffiliateTradesTable, Database, Db } from "../../platform/db/schema";
import { MICROS_PER_CENT, MICROS_PER_USDT } from "../../platform/lib/money";
import type { Metrics } from "../../platform/plugins/metrics";
import { addDays, dayOf, firstOfNextMonth } from "../../platform/lib/days";
import { chunked, num } from "../../platform/db/rows";
import {
  addFunnelTotals,
  addTraderDays,
  addTradingTotals,
  NO_LINK,
  type FunnelDelta,
  type TradingDelta,
} from "./totals";

type Trx = Transaction<Database>;
type Market = TradeFill["market"];

/** A line whose commission rounds below one cent pays nothing, with this reason (the dashboard translates it). */
export const BELOW_MINIMUM_REASON = "below minimum";
/** Rows per statement: few statements per batch of 500 fills (SQLite prepares each one), within both dialects' parameter limits. */
const INSERT_CHUNK = 500;

/** RISK HOLD (migration 0015, README "Risk checks"): a held or voided invitee's lines do not settle. */
const NOT_HELD = sql<boolean>`invitee_id not in (select invitee_id from risk_flags where status <> 'released')`;

/**
 * Whole cents of a micro-USDT amount, rounded down, as an integer on both dialects (better-sqlite3 binds numbers as
 * REAL, which would make SQLite's division fractional).
 */
const toCents = (micros: RawBuilder<unknown>) => sql<number>`cast((${micros}) / ${sql.lit(MICROS_PER_CENT)} as bigint)`;

/** Basis points of a fee in micro-USDT, rounded down (the exchange never pays out a fraction it does not have). */
export const shareOf = (feeMicros: number, bps: number): number =>
  bps > 0 ? Math.floor((feeMicros * bps) / 10_000) : 0;

export interface EarningRule {
  /** The affiliate's rate for the market: the level's, or the rate agreed with the inviter for a sub-affiliate. */
  rateBps: number;
  /** The link's invitee share for the market, at most the rate (it is paid out of it). */
  shareBps: number;
  /** The inviter of a sub-affiliate and their rate for the market (they earn what the sub's rate leaves). */
  parent: { userId: string; rateBps: number } | null;
}

/** What one fill earns: the affiliate's commission, the invitee's rebate, and the inviter's override. */
export function earningsOf(
  feeMicros: number,
  rule: EarningRule,
): { commission: number; rebate: number; override: number } {
  const share = Math.min(rule.shareBps, rule.rateBps);
  const overrideBps = rule.parent ? Math.max(0, rule.parent.rateBps - rule.rateBps) : 0;
  return {
    commission: shareOf(feeMicros, rule.rateBps - share),
    rebate: shareOf(feeMicros, share),
    override: shareOf(feeMicros, overrideBps),
  };
}

interface LineDelta {
  affiliate_user_id: string;
  invitee_id: number;
  /** The invitee's link on a direct line; an override line belongs to no link of the earning affiliate. */
  link_id: number | null;
  trade_day: string;
  business_line: Market;
  source: "direct" | "override";
  fills: number;
  volume_cents: number;
  fee_micros: number;
  commission_micros: number;
  rebate_micros: number;
}

interface InviteeDelta {
  volumeCents: number;
  commissionMicros: number;
  firstTradeAt: string;
  /** The latest trade day of the batch's fills (the invitee's last trade day moves forward only). */
  lastTradeDay: string;
}

/** The first-trade counts an invitee's new first fill moves: its day gains one, a later first day (if any) loses it. */
function firstTradeMoves(
  key: { affiliate_user_id: string; link_id: number },
  before: string | null,
  after: string,
): FunnelDelta[] {
  if (before !== null && before <= after) return [];
  const gained: FunnelDelta = { ...key, day: after.slice(0, 10), first_trades: 1 };
  return before === null ? [gained] : [gained, { ...key, day: before.slice(0, 10), first_trades: -1 }];
}

export interface CommissionEngineOptions {
  now: () => number;
  /** The instance's metrics (feed fills/s and lag, settlement runs and duration), when it has them. */
  metrics?: Pick<
    Metrics,
    "feedFills" | "feedBatch" | "feedLag" | "settlementRuns" | "settlementLines" | "settlementDuration"
  >;
}

/**
 * The commission engine of the reference exchange: the fills it is fed, the commission lines they add to, the daily
 * settlement into the affiliates' ledgers, and the monthly level review. Every step is one transaction whose writes
 * are keyed so that a retried or concurrent call changes nothing twice (on SQLite and PostgreSQL alike).
 */
export function createCommissionEngine(db: Db, options: CommissionEngineOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** The rules of each invitee among `userIds` (those without an inviter are absent): one read per table. */
  async function rulesOf(trx: Trx, userIds: string[]) {
    const query = trx
      .selectFrom("affiliate_invitees as i")
      .leftJoin("affiliate_links as l", "l.id", "i.link_id")
      .innerJoin("affiliates as a", "a.user_id", "i.affiliate_user_id")
      .select([
        "i.id",
        "i.user_id",
        "i.affiliate_user_id",
        "i.link_id",
        "i.first_trade_at",
        "l.spot_share_bps",
        "l.futures_share_bps",
        "a.level",
        "a.rate_bps",
        "a.parent_user_id",
      ])
      .where("i.user_id", "in", userIds)
      .orderBy("i.id");
    // PostgreSQL: the invitees' rows are locked (in id order) for the batch, so a concurrent feed reads the first
    // trade this one writes (the first-trade counts move exactly once). SQLite runs one transaction at a time.
    const invitees = await (postgres ? query.forUpdate("i") : query).execute();
    const parentIds = [...new Set(invitees.flatMap((i) => (i.parent_user_id ? [i.parent_user_id] : [])))];
    const parents = parentIds.length
      ? await trx
          .selectFrom("affiliates")
          .select(["user_id", "level", "rate_bps", "parent_user_id"])
          .where("user_id", "in", parentIds)
          .execute()
      : [];
    const levels = new Map(
      (await trx.selectFrom("affiliate_levels").selectAll().execute()).map((l) => [Number(l.level), l]),
    );
    const parentOf = new Map(parents.map((p) => [p.user_id, p]));
    /** A top-level affiliate earns the level's rate; a sub-affiliate the rate agreed, never above the inviter's. */
    const rateOf = (a: { level: number; rate_bps: number; parent_user_id: string | null }, market: Market): number => {
      const level = levels.get(Number(a.level));
      const levelRate = level
        ? Number(market === "spot" ? level.spot_rate_bps : level.futures_rate_bps)
        : Number(a.rate_bps);
      return a.parent_user_id === null ? levelRate : Number(a.rate_bps);
    };
    return new Map(
      invitees.map((i) => {
        const parent = i.parent_user_id ? parentOf.get(i.parent_user_id) : undefined;
        const ruleFor = (market: Market): EarningRule => {
          const parentRate = parent ? rateOf(parent, market) : null;
          const ownRate = rateOf(i, market);
          return {
            rateBps: parentRate === null ? ownRate : Math.min(ownRate, parentRate),
            shareBps: num(market === "spot" ? i.spot_share_bps : i.futures_share_bps),
            parent: parent && parentRate !== null ? { userId: parent.user_id, rateBps: parentRate } : null,
          };
        };
        return [
          i.user_id,
          {
            inviteeId: Number(i.id),
            affiliateUserId: i.affiliate_user_id,
            linkId: i.link_id === null ? null : Number(i.link_id),
            firstTradeAt: i.first_trade_at,
            spot: ruleFor("spot"),
            futures: ruleFor("futures"),
          },
        ] as const;
      }),
    );
  }

  /**
   * Adds line deltas to the open (pending) lines, creating them where there is none; one statement per chunk. Answers
   * what the lines' totals gain: a line's whole cents are derived from its micros, so the cents it gains are read
   * from the upsert's answer (its micros before are the micros after less the delta, exact under concurrent feeds).
   */
  async function addToLines(trx: Trx, deltas: LineDelta[]): Promise<TradingDelta[]> {
    const keyOf = (d: {
      affiliate_user_id: string;
      invitee_id: number;
      trade_day: string;
      business_line: string;
      source: string;
    }) => `${d.affiliate_user_id}|${d.invitee_id}|${d.trade_day}|${d.business_line}|${d.source}`;
    // Sorted: concurrent feeds lock the same rows in the same order (no deadlock on PostgreSQL).
    const sorted = [...deltas].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    const totals: TradingDelta[] = [];
    for (const part of chunked(sorted, 400)) {
      const rows: Insertable<AffiliateCommissionsTable>[] = part.map((d) => {
        const commissionCents = Math.floor(d.commission_micros / MICROS_PER_CENT);
        return {
          ...d,
          fee_cents: Math.floor(d.fee_micros / MICROS_PER_CENT),
          commission_cents: commissionCents,
          status: "pending",
          settled_at: null,
          reason_none: commissionCents === 0 ? BELOW_MINIMUM_REASON : null,
        };
      });
      const line = (column: string) => sql.ref(`affiliate_commissions.${column}`);
      const excluded = (column: string) => sql.ref(`excluded.${column}`);
      const commissionCents = toCents(sql`${line("commission_micros")} + ${excluded("commission_micros")}`);
      const written = await trx
        .insertInto("affiliate_commissions")
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(["affiliate_user_id", "invitee_id", "trade_day", "business_line", "source"])
            .where(sql.ref("status"), "=", sql.lit("pending"))
            .doUpdateSet({
              fills: sql<number>`${line("fills")} + ${excluded("fills")}`,
              volume_cents: sql<number>`${line("volume_cents")} + ${excluded("volume_cents")}`,
              fee_micros: sql<number>`${line("fee_micros")} + ${excluded("fee_micros")}`,
              fee_cents: toCents(sql`${line("fee_micros")} + ${excluded("fee_micros")}`),
              commission_micros: sql<number>`${line("commission_micros")} + ${excluded("commission_micros")}`,
              commission_cents: commissionCents,
              rebate_micros: sql<number>`${line("rebate_micros")} + ${excluded("rebate_micros")}`,
              reason_none: sql<
                string | null
              >`case when ${commissionCents} = 0 then ${BELOW_MINIMUM_REASON} else null end`,
            }),
        )
        .returning([
          "affiliate_user_id",
          "invitee_id",
          "trade_day",
          "business_line",
          "source",
          "fills",
          "commission_micros",
          "commission_cents",
        ])
        .execute();
      const byKey = new Map(part.map((d) => [keyOf(d), d]));
      for (const after of written) {
        const d = byKey.get(keyOf({ ...after, invitee_id: Number(after.invitee_id) }));
        if (!d) throw new Error(`commission line ${keyOf(after)}: written but not fed`);
        const before = Math.floor((num(after.commission_micros) - d.commission_micros) / MICROS_PER_CENT);
        totals.push({
          affiliate_user_id: d.affiliate_user_id,
          day: d.trade_day,
          link_id: d.link_id ?? NO_LINK,
          market: d.business_line,
          source: d.source,
          fills: d.fills,
          volume_cents: d.volume_cents,
          fee_micros: d.fee_micros,
          commission_micros: d.commission_micros,
          rebate_micros: d.rebate_micros,
          pending_cents: num(after.commission_cents) - before,
          settled_cents: 0,
          // A line whose fills are this batch's alone was created by it.
          pending_lines: num(after.fills) === d.fills ? 1 : 0,
          settled_lines: 0,
        });
      }
    }
    return totals;
  }

  /** Adds to the invitees' totals: one statement per 400 invitees (a CASE per column), in id order. */
  async function addToInvitees(trx: Trx, deltas: Map<number, InviteeDelta>): Promise<void> {
    for (const part of chunked(
      [...deltas].sort(([a], [b]) => a - b),
      400,
    )) {
      const ids = part.map(([id]) => id);
      // Cast: PostgreSQL types a CASE of bare parameters as text.
      const byId = (value: (d: InviteeDelta) => number | string, type: "bigint" | "text") =>
        sql`case id ${sql.join(
          part.map(([id, d]) => sql`when ${id} then cast(${value(d)} as ${sql.raw(type)})`),
          sql` `,
        )} end`;
      const first = byId((d) => d.firstTradeAt, "text");
      const last = byId((d) => d.lastTradeDay, "text");
      const micros = byId((d) => d.commissionMicros, "bigint");
      await trx
        .updateTable("affiliate_invitees")
        .set({
          volume_cents: sql`volume_cents + ${byId((d) => d.volumeCents, "bigint")}`,
          commission_micros: sql`commission_micros + ${micros}`,
          commission_cents: toCents(sql`commission_micros + ${micros}`),
          first_trade_at: sql`case when first_trade_at is null or first_trade_at > ${first} then ${first} else first_trade_at end`,
          // Changes once a day at most: the row's other updates stay in place (HOT) on PostgreSQL.
          last_trade_day: sql`case when last_trade_day is null or last_trade_day < ${last} then ${last} else last_trade_day end`,
        })
        .where("id", "in", ids)
        .execute();
    }
  }

  /**
   * Settles the pending lines of one trade day in `trx`: each line's cents move from pending to settled in the totals
   * and each affiliate is credited their sum. PostgreSQL does it in one statement (the update's returned rows feed
   * the credits and totals, so a fill added concurrently to a line is either in both or in neither); SQLite, which
   * runs one transaction at a time, in three.
   */
  async function settleDay(
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

  return {
    /**
     * Takes a batch of fills: each fill not seen before (by tradeId) is stored with what it earned and added to its
     * invitee's line of its day, in one transaction; a fill seen before changes nothing.
     */
    async feed(fills: readonly TradeFill[]): Promise<TradeFeedResult> {
      const unique = new Map<string, TradeFill>();
      for (const fill of fills) if (!unique.has(fill.tradeId)) unique.set(fill.tradeId, fill);
      const batch = [...unique.values()].sort((a, b) => (a.tradeId < b.tradeId ? -1 : a.tradeId > b.tradeId ? 1 : 0));
      const receivedAt = nowIso();
      const started = performance.now();
      const result = await db.transaction().execute(async (trx) => {
        const rules = await rulesOf(trx, [...new Set(batch.map((f) => f.userId))]);
        const rows: Insertable<AffiliateTradesTable>[] = batch.map((fill) => {
          const tradedAt = new Date(fill.time).toISOString();
          const feeMicros = Math.round(fill.fee * MICROS_PER_USDT);
          const invitee = rules.get(fill.userId);
          const rule = invitee?.[fill.market];
          const earned = rule ? earningsOf(feeMicros, rule) : { commission: 0, rebate: 0, override: 0 };
          return {
            trade_id: fill.tradeId,
            user_id: fill.userId,
            market: fill.market,
            notional_cents: Math.round(fill.notional * 100),
            fee_micros: feeMicros,
            fee_currency: fill.feeCurrency,
            traded_at: tradedAt,
            trade_day: tradedAt.slice(0, 10),
            invitee_id: invitee?.inviteeId ?? null,
            affiliate_user_id: invitee?.affiliateUserId ?? null,
            rate_bps: rule?.rateBps ?? 0,
            share_bps: rule ? Math.min(rule.shareBps, rule.rateBps) : 0,
            commission_micros: earned.commission,
            rebate_micros: earned.rebate,
            override_user_id: rule?.parent?.userId ?? null,
            override_micros: earned.override,
            received_at: receivedAt,
          };
        });
        const accepted = new Set<string>();
        for (const part of chunked(rows, INSERT_CHUNK)) {
          const inserted = await trx
            .insertInto("affiliate_trades")
            .values(part)
            .onConflict((oc) => oc.column("trade_id").doNothing())
            .returning("trade_id")
            .execute();
          for (const r of inserted) accepted.add(r.trade_id);
        }

        const lines = new Map<string, LineDelta>();
        const invitees = new Map<number, InviteeDelta>();
        const traded: { affiliate_user_id: string; day: string; invitee_id: number }[] = [];
        const addLine = (
          key: Pick<
            LineDelta,
            "affiliate_user_id" | "invitee_id" | "link_id" | "trade_day" | "business_line" | "source"
          >,
          row: Insertable<AffiliateTradesTable>,
          commission: number,
          rebate: number,
        ) => {
          const id = `${key.affiliate_user_id}|${key.invitee_id}|${key.trade_day}|${key.business_line}|${key.source}`;
          const line = lines.get(id) ?? {
            ...key,
            fills: 0,
            volume_cents: 0,
            fee_micros: 0,
            commission_micros: 0,
            rebate_micros: 0,
          };
          line.fills += 1;
          line.volume_cents += num(row.notional_cents);
          line.fee_micros += num(row.fee_micros);
          line.commission_micros += commission;
          line.rebate_micros += rebate;
          lines.set(id, line);
        };
        let attributed = 0;
        for (const row of rows) {
          const invitee = rules.get(row.user_id);
          if (!accepted.has(row.trade_id) || !invitee || row.invitee_id === null || row.invitee_id === undefined)
            continue;
          attributed += 1;
          const base = { invitee_id: row.invitee_id, trade_day: row.trade_day, business_line: row.market as Market };
          addLine(
            { ...base, affiliate_user_id: invitee.affiliateUserId, link_id: invitee.linkId, source: "direct" },
            row,
            num(row.commission_micros),
            num(row.rebate_micros),
          );
          if (row.override_user_id)
            addLine(
              { ...base, affiliate_user_id: row.override_user_id, link_id: null, source: "override" },
              row,
              num(row.override_micros),
              0,
            );
          traded.push({ affiliate_user_id: invitee.affiliateUserId, day: row.trade_day, invitee_id: row.invitee_id });
          const delta = invitees.get(row.invitee_id) ?? {
            volumeCents: 0,
            commissionMicros: 0,
            firstTradeAt: row.traded_at,
            lastTradeDay: row.trade_day,
          };
          delta.volumeCents += num(row.notional_cents);
          delta.commissionMicros += num(row.commission_micros);
          if (row.traded_at < delta.firstTradeAt) delta.firstTradeAt = row.traded_at;
          if (row.trade_day > delta.lastTradeDay) delta.lastTradeDay = row.trade_day;
          invitees.set(row.invitee_id, delta);
        }
        await addTradingTotals(trx, await addToLines(trx, [...lines.values()]));
        await addToInvitees(trx, invitees);

        // The funnel: first trades that moved, and each invitee's first fill of a day as one active trader.
        const byInvitee = new Map([...rules.values()].map((r) => [r.inviteeId, r]));
        const funnel: FunnelDelta[] = [];
        for (const [inviteeId, delta] of invitees) {
          const r = byInvitee.get(inviteeId);
          if (r)
            funnel.push(
              ...firstTradeMoves(
                { affiliate_user_id: r.affiliateUserId, link_id: r.linkId ?? NO_LINK },
                r.firstTradeAt,
                delta.firstTradeAt,
              ),
            );
        }
        for (const day of await addTraderDays(trx, traded))
          funnel.push({
            affiliate_user_id: day.affiliate_user_id,
            day: day.day,
            link_id: byInvitee.get(day.invitee_id)?.linkId ?? NO_LINK,
            active_traders: 1,
          });
        await addFunnelTotals(trx, funnel);
        return { accepted: accepted.size, attributed };
      });
      const metrics = options.metrics;
      if (metrics) {
        metrics.feedBatch.observe((performance.now() - started) / 1000);
        metrics.feedFills.inc({ outcome: "accepted" }, result.accepted);
        metrics.feedFills.inc({ outcome: "duplicate" }, fills.length - result.accepted);
        const newest = batch.reduce((max, f) => Math.max(max, Date.parse(f.time) || 0), 0);
        if (newest > 0) metrics.feedLag.set(Math.max(0, (options.now() - newest) / 1000));
      }
      return {
        received: fills.length,
        accepted: result.accepted,
        duplicates: fills.length - result.accepted,
        attributed: result.attributed,
      };
    },

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
        const settled = await db.transaction().execute((trx) => settleDay(trx, trade_day, at));
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

    /**
     * The monthly level review the landing page states: on the 1st, each affiliate gets the highest level whose
     * thresholds (new trading invitees and their volume) the month before met, never below the first level. A
     * top-level affiliate's rate follows the level; a sub-affiliate keeps the rate agreed with the inviter.
     * Done once per month: the review's row is claimed first, so a second or concurrent run changes nothing.
     */
    async reviewLevels(month: string): Promise<LevelReviewResult> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto("affiliate_level_reviews")
          .values({ month, reviewed_at: nowIso() })
          .onConflict((oc) => oc.column("month").doNothing())
          .returning("month")
          .execute();
        if (claimed.length === 0) return { month, reviewed: 0, changed: 0, alreadyDone: true };
        const from = `${month}-01`;
        const until = firstOfNextMonth(from);
        const levels = (await trx.selectFrom("affiliate_levels").selectAll().orderBy("level").execute()).map((l) => ({
          level: Number(l.level),
          traders: Number(l.monthly_new_traders),
          volumeCents: Number(l.monthly_volume_usdt) * 100,
          spotRateBps: Number(l.spot_rate_bps),
        }));
        const [affiliates, traders, volumes] = await Promise.all([
          trx.selectFrom("affiliates").select(["user_id", "level", "rate_bps", "parent_user_id"]).execute(),
          trx
            .selectFrom("affiliate_funnel_totals")
            .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("first_trades").as("n")])
            .where("day", ">=", from)
            .where("day", "<", until)
            .groupBy("affiliate_user_id")
            .execute(),
          trx
            .selectFrom("affiliate_trading_totals")
            .select(["affiliate_user_id", (eb) => eb.fn.sum<number>("volume_cents").as("v")])
            .where("source", "=", "direct")
            .where("day", ">=", from)
            .where("day", "<", until)
            .groupBy("affiliate_user_id")
            .execute(),
        ]);
        const tradersOf = new Map(traders.map((r) => [r.affiliate_user_id, num(r.n)]));
        const volumeOf = new Map(volumes.map((r) => [r.affiliate_user_id, num(r.v)]));
        const first = levels[0];
        if (!first) return { month, reviewed: 0, changed: 0, alreadyDone: false };
        let changed = 0;
        for (const a of affiliates) {
          const met = levels.filter(
            (l) => (tradersOf.get(a.user_id) ?? 0) >= l.traders && (volumeOf.get(a.user_id) ?? 0) >= l.volumeCents,
          );
          const level = met[met.length - 1] ?? first;
          const rate = a.parent_user_id === null ? level.spotRateBps : Number(a.rate_bps);
          if (level.level === Number(a.level) && rate === Number(a.rate_bps)) continue;
          await trx
            .updateTable("affiliates")
            .set({ level: level.level, rate_bps: rate })
            .where("user_id", "=", a.user_id)
            .execute();
          changed += 1;
        }
        return { month, reviewed: affiliates.length, changed, alreadyDone: false };
      });
    },
  };
}

export type CommissionEngine = ReturnType<typeof createCommissionEngine>;

declare module "fastify" {
  interface FastifyInstance {
    commissions: CommissionEngine;
  }
}

export default fp<CommissionEngineOptions>(
  (app, options, done) => {
    app.decorate(
      "commissions",
      createCommissionEngine(app.db, { ...options, ...(app.hasDecorator("metrics") ? { metrics: app.metrics } : {}) }),
    );
    done();
  },
  { name: "commission-engine", dependencies: ["db"] },
);
