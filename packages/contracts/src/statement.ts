import { z } from "zod";
import { AFFILIATE_BUSINESS_LINES } from "./affiliate-rules";
import { AFFILIATE_LEDGER_KINDS } from "./referral";

/**
 * `GET /v1/affiliate/statement` (issue 34): the affiliate's balance as a statement they can reconcile. Every ledger
 * entry — each settlement credit (split by market and link), each void of settled commission, each withdrawal — with
 * the balance after it; the balance is the sum of all entries, answered in the same response as the pending and held
 * commission, so one screen shows one figure for each.
 */
export const affiliateStatementQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(20),
  })
  .strict();

/** One part of a settlement credit: the commission of one market and one link that day (null: no link, or override). */
export const affiliateStatementPartSchema = z.object({
  market: z.enum(AFFILIATE_BUSINESS_LINES),
  linkCode: z.string().nullable(),
  source: z.enum(["direct", "override"]),
  amountUsdt: z.number(),
});
export type AffiliateStatementPart = z.infer<typeof affiliateStatementPartSchema>;

export const affiliateStatementEntrySchema = z.object({
  /** The entry's statement reference (the ledger's own number: entries are never edited or removed). */
  ref: z.number().int(),
  kind: z.enum(AFFILIATE_LEDGER_KINDS),
  /** Credits positive, voids and withdrawals negative. */
  amountUsdt: z.number(),
  /** The balance once this entry was booked (the sum of it and every earlier entry). */
  balanceUsdt: z.number(),
  /** Settlement and void: the UTC trade day of the commission. */
  tradeDay: z.string().nullable(),
  /** Withdrawal: where it went ("spot"). */
  destination: z.string().nullable(),
  /** Adjustment: the operator's reason, as the affiliate reads it. */
  note: z.string().nullable(),
  /** When it was booked (ISO, UTC). */
  createdAt: z.string(),
  /** Settlement: what the credit is made of (sums to amountUsdt); empty for other kinds. */
  parts: z.array(affiliateStatementPartSchema),
});
export type AffiliateStatementEntry = z.infer<typeof affiliateStatementEntrySchema>;

export const affiliateStatementSchema = z.object({
  /** The sum of every entry of the statement: what can be withdrawn. */
  balanceUsdt: z.number(),
  /** Totals by kind over the whole statement; they add up to balanceUsdt. */
  totals: z.object({
    settlementUsdt: z.number(),
    voidUsdt: z.number(),
    payoutUsdt: z.number(),
    adjustmentUsdt: z.number(),
  }),
  /** Commission of lines not settled yet (not in the balance), of which on a risk hold. */
  pendingUsdt: z.number(),
  heldUsdt: z.number(),
  /** The next daily settlement (00:00 UTC). */
  nextSettlementAt: z.string(),
  /** When the answer was computed (ISO): the "updated … ago" of the screen. */
  asOf: z.string(),
  /** Newest first. */
  entries: z.array(affiliateStatementEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliateStatement = z.infer<typeof affiliateStatementSchema>;

/** The largest single adjustment an operator may book, either way (USDT). */
export const AFFILIATE_ADJUSTMENT_MAX_USDT = 1_000_000;

/**
 * `POST /v1/admin/affiliate/adjustments` (operators): books an adjustment in an affiliate's ledger — a credit or a
 * debit in cents, never zero, with the reason the affiliate reads in their statement and the operator's ticket
 * reference, which makes the call idempotent (the same reference for the same affiliate books nothing twice).
 */
export const adminLedgerAdjustmentRequestSchema = z
  .object({
    userId: z.string().regex(/^\d{6,20}$/, "expected the affiliate's UID (6 to 20 digits)"),
    amountUsdt: z
      .number()
      .multipleOf(0.01, "at most 2 decimals")
      .min(-AFFILIATE_ADJUSTMENT_MAX_USDT)
      .max(AFFILIATE_ADJUSTMENT_MAX_USDT)
      .refine((n) => n !== 0, "must not be 0"),
    reason: z.string().trim().min(3).max(200),
    reference: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, "1 to 64 letters, digits or . _ : -"),
  })
  .strict();
export type AdminLedgerAdjustmentRequest = z.infer<typeof adminLedgerAdjustmentRequestSchema>;

export const adminLedgerAdjustmentResultSchema = z.object({
  entry: affiliateStatementEntrySchema,
  /** The balance with it booked. */
  balanceUsdt: z.number(),
  /** True when the reference had already been booked: nothing new was written. */
  alreadyBooked: z.boolean(),
});
export type AdminLedgerAdjustmentResult = z.infer<typeof adminLedgerAdjustmentResultSchema>;
