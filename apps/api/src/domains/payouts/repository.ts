import fp from "fastify-plugin";
import { sql, type Selectable } from "kysely";
import {
  AFFILIATE_MINIMUM_PAYOUT_USDT,
  type AdminLedgerAdjustmentRequest,
  type AdminLedgerAdjustmentResult,
  type AffiliateLedgerEntry,
  type AffiliatePayoutResult,
  type AffiliatePayouts,
} from "@affiliates/contracts";
import type { AffiliateLedgerTable, Db } from "../../platform/db/schema";
import { addDays, dayOf, dayStart } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { num } from "../../platform/db/rows";
import { affiliateStatement, statementEntry, type StatementQuery } from "./statement-repository";

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
     * Moves the whole balance to the spot wallet as one entry. The affiliate's row is locked first (an update that
     * changes nothing), so two withdrawals at once cannot both spend the same balance on PostgreSQL; SQLite runs
     * writers one at a time.
     */
    async withdraw(userId: string): Promise<AffiliatePayoutResult> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable("affiliates")
          .set({ note: sql`note` })
          .where("user_id", "=", userId)
          .execute();
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

    /**
     * Books an operator's adjustment (issue 34): a credit or a debit with its reason, under the same row lock as a
     * withdrawal, so a debit and a withdrawal at once cannot both spend the balance. A debit may not take the balance
     * below 0 (a clawback of more is a matter for the exchange's own ledger). The reference is the operator's ticket:
     * booked again with the same amount and reason it answers the entry already booked; with others, a 400.
     */
    async adjust(request: AdminLedgerAdjustmentRequest): Promise<AdminLedgerAdjustmentResult> {
      const cents = Math.round(request.amountUsdt * 100);
      const reason = request.reason.trim();
      return db.transaction().execute(async (trx) => {
        const affiliate = await trx
          .updateTable("affiliates")
          .set({ note: sql`note` })
          .where("user_id", "=", request.userId)
          .returning("user_id")
          .executeTakeFirst();
        if (!affiliate) throw new ApiError("not_found", `userId: no affiliate ${request.userId}`);
        const balanceAfter = async (row: Selectable<AffiliateLedgerTable>) => {
          const sum = await trx
            .selectFrom("affiliate_ledger")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), sql<number>`0`).as("n"))
            .where("user_id", "=", request.userId)
            .where("id", "<=", row.id)
            .executeTakeFirst();
          return num(sum?.n);
        };
        const booked = await trx
          .selectFrom("affiliate_ledger")
          .selectAll()
          .where("user_id", "=", request.userId)
          .where("reference", "=", request.reference)
          .executeTakeFirst();
        const { balanceCents } = await totals(trx, request.userId);
        if (booked) {
          if (num(booked.amount_cents) !== cents || booked.note !== reason)
            throw new ApiError("bad_request", ADJUSTMENT_REFERENCE_REUSED);
          return {
            entry: statementEntry(booked, await balanceAfter(booked), []),
            balanceUsdt: balanceCents / 100,
            alreadyBooked: true,
          };
        }
        if (balanceCents + cents < 0)
          throw new ApiError(
            "bad_request",
            `amountUsdt: would take the balance of ${(balanceCents / 100).toFixed(2)} USDT below 0`,
          );
        const row = await trx
          .insertInto("affiliate_ledger")
          .values({
            user_id: request.userId,
            kind: "adjustment",
            amount_cents: cents,
            trade_day: null,
            destination: null,
            note: reason,
            reference: request.reference,
            created_at: new Date(options.now()).toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return {
          entry: statementEntry(row, balanceCents + cents, []),
          balanceUsdt: (balanceCents + cents) / 100,
          alreadyBooked: false,
        };
      });
    },
  };
}

/** The refusal of a ticket reference booked before with another amount or reason. */
export const ADJUSTMENT_REFERENCE_REUSED = "reference: already booked with another amount or reason";

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
