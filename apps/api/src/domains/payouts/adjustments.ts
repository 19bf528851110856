import type { AdminLedgerAdjustmentRequest, AdminLedgerAdjustmentResult } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { ApiError } from "../../platform/http/errors";
import { num } from "../../platform/db/rows";
import { statementEntry } from "./statement-repository";
import { balanceThrough, lockAffiliate } from "./ledger";

/** The refusal of a ticket reference booked before with another amount or reason. */
const REFERENCE_REUSED = "reference: already booked with another amount or reason";

/**
 * Books an operator's adjustment (issue 34): a credit or a debit with its reason, under the same row lock as a
 * withdrawal (ledger.ts), so a debit and a withdrawal at once cannot both spend the balance. A debit may not take the
 * balance below 0 (a clawback of more is a matter for the exchange's own books). The reference is the operator's ticket: booked again with the same amount and reason it answers the entry
 * already booked; with others, a 400.
 */
export async function bookAdjustment(
  db: Db,
  request: AdminLedgerAdjustmentRequest,
  now: number,
  totals: (trx: Db, userId: string) => Promise<{ balanceCents: number }>,
): Promise<AdminLedgerAdjustmentResult> {
  const cents = Math.round(request.amountUsdt * 100);
  const reason = request.reason.trim();
  return db.transaction().execute(async (trx) => {
    if (!(await lockAffiliate(trx, request.userId)))
      throw new ApiError("not_found", `userId: no affiliate ${request.userId}`);
    const { balanceCents } = await totals(trx, request.userId);
    const booked = await trx
      .selectFrom("affiliate_ledger")
      .selectAll()
      .where("user_id", "=", request.userId)
      .where("reference", "=", request.reference)
      .executeTakeFirst();
    if (booked) {
      if (num(booked.amount_cents) !== cents || booked.note !== reason)
        throw new ApiError("bad_request", REFERENCE_REUSED);
      return {
        entry: statementEntry(booked, await balanceThrough(trx, request.userId, booked.id), []),
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
        created_at: new Date(now).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      entry: statementEntry(row, balanceCents + cents, []),
      balanceUsdt: (balanceCents + cents) / 100,
      alreadyBooked: false,
    };
  });
}
