import { sql, type Selectable } from "kysely";
import type { AffiliateStatement, AffiliateStatementEntry, AffiliateStatementPart } from "@affiliates/contracts";
import type { AffiliateLedgerTable, Db } from "../../platform/db/schema";
import { addDays, dayOf, dayStart } from "../../platform/lib/days";
import { num } from "../../platform/db/rows";
import { balanceThrough } from "./ledger";

export interface StatementQuery {
  page: number;
  pageSize: number;
}

/** Lines a risk hold keeps from settling (the commission engine's own rule: any flag not released). */
const HELD = sql<boolean>`c.invitee_id in (select invitee_id from risk_flags where status <> 'released')`;

/**
 * The affiliate's statement (issue 34): the ledger newest first with the balance after each entry, each settlement
 * credit split by market and link. A credit's parts are the lines it settled: the settlement run stamps its lines'
 * `settled_at` with the credit's own `created_at`, per affiliate and trade day, so (trade day, settled_at) names
 * exactly the lines of one credit. Every query walks an index: the ledger by (user_id, id), the lines by
 * (affiliate_user_id, trade_day, id), pending and held by the kept totals and the pending lines of the held invitees.
 */
export async function affiliateStatement(
  db: Db,
  userId: string,
  q: StatementQuery,
  now: number,
): Promise<AffiliateStatement> {
  const [sums, pending, held, entries] = await Promise.all([
    db
      .selectFrom("affiliate_ledger")
      .select([
        sql<number>`coalesce(sum(case when kind = 'settlement' then amount_cents else 0 end), 0)`.as("settlement"),
        sql<number>`coalesce(sum(case when kind = 'void' then amount_cents else 0 end), 0)`.as("void"),
        sql<number>`coalesce(sum(case when kind = 'payout' then amount_cents else 0 end), 0)`.as("payout"),
        sql<number>`coalesce(sum(case when kind = 'adjustment' then amount_cents else 0 end), 0)`.as("adjustment"),
        (eb) => eb.fn.countAll<number>().as("n"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("affiliate_trading_totals")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("pending_cents"), sql<number>`0`).as("n"))
      .where("affiliate_user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("affiliate_commissions as c")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("c.commission_cents"), sql<number>`0`).as("n"))
      .where("c.affiliate_user_id", "=", userId)
      .where("c.status", "=", "pending")
      .where(HELD)
      .executeTakeFirst(),
    db
      .selectFrom("affiliate_ledger")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);

  // The balance after the page's newest entry: the sum of it and everything before; each older one follows by subtraction.
  const top = entries[0];
  const balanceAtTop = top ? await balanceThrough(db, userId, top.id) : 0;

  const settlements = entries.filter((e) => e.kind === "settlement" && e.trade_day !== null);
  const parts = new Map<string, AffiliateStatementPart[]>();
  if (settlements.length > 0) {
    const rows = await db
      .selectFrom("affiliate_commissions as c")
      .leftJoin("affiliate_links as l", "l.id", "c.link_id")
      .select([
        "c.trade_day",
        "c.settled_at",
        "c.business_line",
        "c.source",
        "l.code",
        (eb) => eb.fn.sum<number>("c.commission_cents").as("cents"),
      ])
      .where("c.affiliate_user_id", "=", userId)
      .where("c.status", "=", "settled")
      .where(
        "c.trade_day",
        "in",
        settlements.map((e) => e.trade_day as string),
      )
      .groupBy(["c.trade_day", "c.settled_at", "c.business_line", "c.source", "l.code"])
      .execute();
    for (const r of rows) {
      const cents = num(r.cents);
      if (cents === 0) continue;
      const key = `${r.trade_day}|${r.settled_at ?? ""}`;
      const list = parts.get(key) ?? [];
      list.push({
        market: r.business_line === "futures" ? "futures" : "spot",
        linkCode: r.code ?? null,
        source: r.source === "override" ? "override" : "direct",
        amountUsdt: cents / 100,
      });
      parts.set(key, list);
    }
    for (const list of parts.values())
      list.sort(
        (a, b) =>
          b.amountUsdt - a.amountUsdt ||
          a.market.localeCompare(b.market) ||
          (a.linkCode ?? "").localeCompare(b.linkCode ?? ""),
      );
  }

  let balance = balanceAtTop;
  const statementEntries = entries.map((e) => {
    const amount = num(e.amount_cents);
    const entry = statementEntry(e, balance, parts.get(`${e.trade_day ?? ""}|${e.created_at}`) ?? []);
    balance -= amount;
    return entry;
  });

  const settlementCents = num(sums?.settlement);
  const voidCents = num(sums?.void);
  const payoutCents = num(sums?.payout);
  const adjustmentCents = num(sums?.adjustment);
  return {
    balanceUsdt: (settlementCents + voidCents + payoutCents + adjustmentCents) / 100,
    totals: {
      settlementUsdt: settlementCents / 100,
      voidUsdt: voidCents / 100,
      payoutUsdt: payoutCents / 100,
      adjustmentUsdt: adjustmentCents / 100,
    },
    pendingUsdt: num(pending?.n) / 100,
    heldUsdt: num(held?.n) / 100,
    nextSettlementAt: dayStart(addDays(dayOf(now), 1)),
    asOf: new Date(now).toISOString(),
    entries: statementEntries,
    total: num(sums?.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One ledger row as a statement entry, with the balance once it was booked (a settlement's parts given). */
export function statementEntry(
  e: Selectable<AffiliateLedgerTable>,
  balanceCents: number,
  parts: AffiliateStatementPart[],
): AffiliateStatementEntry {
  return {
    ref: Number(e.id),
    kind: e.kind as AffiliateStatementEntry["kind"],
    amountUsdt: num(e.amount_cents) / 100,
    balanceUsdt: balanceCents / 100,
    tradeDay: e.trade_day,
    destination: e.destination,
    note: e.kind === "adjustment" ? (e.note ?? null) : null,
    createdAt: e.created_at,
    parts: e.kind === "settlement" ? parts : [],
  };
}
