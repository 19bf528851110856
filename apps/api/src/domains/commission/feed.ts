import type { Insertable, Transaction } from "kysely";
import type { TradeFeedResult, TradeFill } from "@affiliates/contracts";
import type { AffiliateTradesTable, Database } from "../../platform/db/schema";
import { MICROS_PER_USDT } from "../../platform/lib/money";
import { chunked, num } from "../../platform/db/rows";
import { addFunnelTotals, addTraderDays, addTradingTotals, NO_LINK, type FunnelDelta } from "./totals";
import type { CommissionEngineOptions, EngineContext } from "./engine-context";
import { earningsOf, rulesOf, type InviteeRules } from "./rules";
import { addToInvitees, addToLines, type InviteeDelta, type LineDelta } from "./lines";

type Trx = Transaction<Database>;
type Market = TradeFill["market"];
type TradeRow = Insertable<AffiliateTradesTable>;
type TraderDay = { affiliate_user_id: string; day: string; invitee_id: number };

/** Rows per statement: few statements per batch of 500 fills (SQLite prepares each one), within both dialects' parameter limits. */
const INSERT_CHUNK = 500;

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

/** The trade rows of a batch: each fill with what it earned under its invitee's rule (nothing without an inviter). */
function tradeRowsOf(batch: TradeFill[], rules: InviteeRules, receivedAt: string): TradeRow[] {
  return batch.map((fill) => {
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
}

/** Stores the rows, a fill seen before (by trade id) changing nothing; answers the trade ids stored now. */
async function insertTrades(trx: Trx, rows: TradeRow[]): Promise<Set<string>> {
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
  return accepted;
}

/** What the accepted rows add: to the lines (direct and override), to the invitees' totals, and the trader days. */
function deltasOf(rows: TradeRow[], accepted: Set<string>, rules: InviteeRules) {
  const lines = new Map<string, LineDelta>();
  const invitees = new Map<number, InviteeDelta>();
  const traded: { affiliate_user_id: string; day: string; invitee_id: number }[] = [];
  const addLine = (
    key: Pick<LineDelta, "affiliate_user_id" | "invitee_id" | "link_id" | "trade_day" | "business_line" | "source">,
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
    if (!accepted.has(row.trade_id) || !invitee || row.invitee_id === null || row.invitee_id === undefined) continue;
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
  return { lines, invitees, traded, attributed };
}

/** The funnel: first trades that moved, and each invitee's first fill of a day as one active trader. */
async function addToFunnel(
  trx: Trx,
  rules: InviteeRules,
  invitees: Map<number, InviteeDelta>,
  traded: TraderDay[],
): Promise<void> {
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
}

/** The feed's metrics: batch time, fills accepted and duplicate, and the lag behind the newest fill. */
function recordFeed(
  options: CommissionEngineOptions,
  started: number,
  fills: readonly TradeFill[],
  batch: TradeFill[],
  result: { accepted: number },
): void {
  const metrics = options.metrics;
  if (metrics) {
    metrics.feedBatch.observe((performance.now() - started) / 1000);
    metrics.feedFills.inc({ outcome: "accepted" }, result.accepted);
    metrics.feedFills.inc({ outcome: "duplicate" }, fills.length - result.accepted);
    const newest = batch.reduce((max, f) => Math.max(max, Date.parse(f.time) || 0), 0);
    if (newest > 0) metrics.feedLag.set(Math.max(0, (options.now() - newest) / 1000));
  }
}

/** The trade feed: fills in, commission lines and totals out. */
export function createFeed({ db, postgres, nowIso, options }: EngineContext) {
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
        const rules = await rulesOf(trx, postgres, [...new Set(batch.map((f) => f.userId))]);
        const rows = tradeRowsOf(batch, rules, receivedAt);
        const accepted = await insertTrades(trx, rows);
        const { lines, invitees, traded, attributed } = deltasOf(rows, accepted, rules);
        await addTradingTotals(trx, await addToLines(trx, [...lines.values()]));
        await addToInvitees(trx, invitees);
        await addToFunnel(trx, rules, invitees, traded);
        return { accepted: accepted.size, attributed };
      });
      recordFeed(options, started, fills, batch, result);
      return {
        received: fills.length,
        accepted: result.accepted,
        duplicates: fills.length - result.accepted,
        attributed: result.attributed,
      };
    },
  };
}
