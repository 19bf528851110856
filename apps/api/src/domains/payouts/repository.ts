import fp from "fastify-plugin";
import { sql, type Selectable } from "kysely";
import {
  AFFILIATE_MINIMUM_PAYOUT_USDT,
  type AdminLedgerAdjustmentRequest,
  type AffiliateLedgerEntry,
  type AffiliatePayoutResult,
  type AffiliatePayouts,
} from "@affiliates/contracts";
import type { AffiliateLedgerTable, Db } from "../../platform/db/schema";
import { addDays, dayOf, dayStart } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { num } from "../../platform/db/rows";
import { affiliateStatement, type StatementQuery } from "./statement-repository";
import { bookAdjustment } from "./adjustments";
import { lockAffiliate } from "./ledger";

/** The payout destination: the user's spot wallet on the exchange. */
export const SPOT_WALLET = "spot";

const toEntry = (r: Selectable<AffiliateLedgerTable>): AffiliateLedgerEntry => ({
  id: Number(r.id),
  kind: r.kind as AffiliateLedgerEntry["kind"],
  amountUsdt: num(r.amount_cents) / 100,
  tradeDay: r.trade_day,
  destination: r.destination,
  createdAt: r.created_at,
});

export interface PayoutsRepositoryOptions {
  now: () => number;
}

/**
 * An affiliate's commission balance: the sum of an append-only ledger (settlement credits, payouts as negative
 * entries, voids, operators' adjustments; the table's triggers refuse any edit), withdrawn whole to the spot wallet
 * from the minimum up.
 */
export function createPayoutsRepository(db: Db, options: PayoutsRepositoryOptions) {
  const minimumCents = AFFILIATE_MINIMUM_PAYOUT_USDT * 100;

  async function totals(trx: Db, userId: string) {
    const row = await trx
      .selectFrom("affiliate_ledger")
      .select([
        (eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), sql<number>`0`).as("balance"),
        sql<number>`coalesce(sum(case when kind in ('settlement', 'void') then amount_cents else 0 end), 0)`.as(
          "earned",
        ),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return { balanceCents: num(row?.balance), earnedCents: num(row?.earned) };
  }

  return {
    balanceCents: async (userId: string) => (await totals(db, userId)).balanceCents,

    /** The statement: every ledger entry with its running balance (statement-repository.ts). */
    statement: (userId: string, q: StatementQuery) => affiliateStatement(db, userId, q, options.now()),

    async overview(userId: string): Promise<AffiliatePayouts> {
      const [sums, pending, entries, payouts] = await Promise.all([
        totals(db, userId),
        db
          .selectFrom("affiliate_trading_totals")
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("pending_cents"), sql<number>`0`).as("n"))
          .where("affiliate_user_id", "=", userId)
          .executeTakeFirst(),
        db
          .selectFrom("affiliate_ledger")
          .selectAll()
          .where("user_id", "=", userId)
          .orderBy("id", "desc")
          .limit(50)
          .execute(),
        db
          .selectFrom("affiliate_ledger")
          .selectAll()
          .where("user_id", "=", userId)
          .where("kind", "=", "payout")
          .orderBy("id", "desc")
          .limit(50)
          .execute(),
      ]);
      return {
        balanceUsdt: sums.balanceCents / 100,
        lifetimeEarnedUsdt: sums.earnedCents / 100,
        pendingUsdt: num(pending?.n) / 100,
        minimumPayoutUsdt: AFFILIATE_MINIMUM_PAYOUT_USDT,
        nextSettlementAt: dayStart(addDays(dayOf(options.now()), 1)),
        payouts: payouts.map(toEntry),
        entries: entries.map(toEntry),
      };
    },

    /**
     * Moves the whole balance to the spot wallet as one entry, under the affiliate's row lock (ledger.ts): two
     * withdrawals at once cannot both spend the same balance.
     */
    async withdraw(userId: string): Promise<AffiliatePayoutResult> {
      return db.transaction().execute(async (trx) => {
        await lockAffiliate(trx, userId);
        const { balanceCents } = await totals(trx, userId);
        if (balanceCents < minimumCents) {
          throw new ApiError(
            "payout_below_minimum",
            `payout: the balance of ${(balanceCents / 100).toFixed(2)} USDT is below the minimum payout of ${AFFILIATE_MINIMUM_PAYOUT_USDT.toFixed(2)} USDT`,
          );
        }
        const row = await trx
          .insertInto("affiliate_ledger")
          .values({
            user_id: userId,
            kind: "payout",
            amount_cents: -balanceCents,
            trade_day: null,
            destination: SPOT_WALLET,
            created_at: new Date(options.now()).toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { payout: toEntry(row), balanceUsdt: 0 };
      });
    },

    /** Books an operator's adjustment (adjustments.ts), under the withdrawal's row lock. */
    adjust: (request: AdminLedgerAdjustmentRequest) =>
      bookAdjustment(db, request, options.now(), (trx, userId) => totals(trx, userId)),
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    payouts: PayoutsRepository;
  }
}

export default fp<PayoutsRepositoryOptions>(
  (app, options, done) => {
    app.decorate("payouts", createPayoutsRepository(app.db, options));
    done();
  },
  { name: "payouts-repository", dependencies: ["db"] },
);
