import { sql, type Insertable, type RawBuilder, type Transaction } from "kysely";
import type { TradeFill } from "@affiliates/contracts";
import type { AffiliateCommissionsTable, Database } from "../../platform/db/schema";
import { MICROS_PER_CENT } from "../../platform/lib/money";
import { chunked, num } from "../../platform/db/rows";
import { NO_LINK, type TradingDelta } from "./totals";

type Trx = Transaction<Database>;
type Market = TradeFill["market"];

/** A line whose commission rounds below one cent pays nothing, with this reason (the dashboard translates it). */
export const BELOW_MINIMUM_REASON = "below minimum";

/**
 * Whole cents of a micro-USDT amount, rounded down, as an integer on both dialects (better-sqlite3 binds numbers as
 * REAL, which would make SQLite's division fractional).
 */
const toCents = (micros: RawBuilder<unknown>) => sql<number>`cast((${micros}) / ${sql.lit(MICROS_PER_CENT)} as bigint)`;

export interface LineDelta {
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

export interface InviteeDelta {
  volumeCents: number;
  commissionMicros: number;
  firstTradeAt: string;
  /** The latest trade day of the batch's fills (the invitee's last trade day moves forward only). */
  lastTradeDay: string;
}

/**
 * Adds line deltas to the open (pending) lines, creating them where there is none; one statement per chunk. Answers
 * what the lines' totals gain: a line's whole cents are derived from its micros, so the cents it gains are read
 * from the upsert's answer (its micros before are the micros after less the delta, exact under concurrent feeds).
 */
export async function addToLines(trx: Trx, deltas: LineDelta[]): Promise<TradingDelta[]> {
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
export async function addToInvitees(trx: Trx, deltas: Map<number, InviteeDelta>): Promise<void> {
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
