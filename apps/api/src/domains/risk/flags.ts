import {
  RISK_HOLD_CATEGORY_OF,
  RISK_HOLD_REASONS,
  type AdminRiskFlag,
  type AdminRiskResolveResult,
  type RiskHold,
  type RiskHoldReason,
} from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { ApiError } from "../../platform/http/errors";
import { num } from "../../platform/db/rows";
import { addTradingTotals, NO_LINK } from "../commission/totals";
import type { RiskContext } from "./context";

type FlagRow = {
  id: number | string;
  invitee_id: number | string;
  affiliate_user_id: string;
  user_id: string;
  reasons: string;
  status: string;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
};

const reasonsOf = (text: string): RiskHoldReason[] => RISK_HOLD_REASONS.filter((r) => text.split(",").includes(r));

/** The affiliate's view of a flag: the first reason's plain-language category; released flags show nothing. */
export function holdOf(status: string | null | undefined, reasons: string | null | undefined): RiskHold {
  if (status !== "open" && status !== "voided") return null;
  const [first = "same_network"] = reasonsOf(reasons ?? "");
  return { status: status === "open" ? "under_review" : "voided", reason: RISK_HOLD_CATEGORY_OF[first] };
}

/** A flag as operators see it, and the one write every resolution starts with. */
function createFlagStore({ db, nowIso }: RiskContext) {
  const toFlag = (r: FlagRow, unsettledCents: number): AdminRiskFlag => ({
    id: Number(r.id),
    inviteeId: Number(r.invitee_id),
    affiliateUserId: r.affiliate_user_id,
    userId: r.user_id,
    reasons: reasonsOf(r.reasons),
    status: r.status as AdminRiskFlag["status"],
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
    resolutionNote: r.resolution_note,
    unsettledUsdt: unsettledCents / 100,
  });

  async function unsettledCents(inviteeIds: readonly number[]): Promise<Map<number, number>> {
    if (inviteeIds.length === 0) return new Map();
    const rows = await db
      .selectFrom("affiliate_commissions")
      .select(["invitee_id", (eb) => eb.fn.sum<number>("commission_cents").as("cents")])
      .where("invitee_id", "in", inviteeIds)
      .where("status", "=", "pending")
      .groupBy("invitee_id")
      .execute();
    return new Map(rows.map((r) => [Number(r.invitee_id), num(r.cents)]));
  }

  async function flagById(id: number): Promise<AdminRiskFlag> {
    const row = await db.selectFrom("risk_flags").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new ApiError("not_found", "id: no risk flag has this id");
    const cents = await unsettledCents([Number(row.invitee_id)]);
    return toFlag(row, cents.get(Number(row.invitee_id)) ?? 0);
  }

  /**
   * Resolves a flag, once: release closes an open flag; void closes an open one or a released one (found out after
   * paying). Anything else is refused (409); the conditional update makes concurrent calls act once.
   */
  async function close(trx: Db, id: number, status: "released" | "voided", note: string) {
    const from = status === "voided" ? ["open", "released"] : ["open"];
    const updated = await trx
      .updateTable("risk_flags")
      .set({ status, resolved_at: nowIso(), resolution_note: note })
      .where("id", "=", id)
      .where("status", "in", from)
      .returning(["invitee_id"])
      .executeTakeFirst();
    if (updated) return Number(updated.invitee_id);
    const exists = await trx.selectFrom("risk_flags").select("status").where("id", "=", id).executeTakeFirst();
    if (!exists) throw new ApiError("not_found", "id: no risk flag has this id");
    throw new ApiError("risk_flag_resolved", `id: this flag is already ${exists.status}`);
  }

  return { toFlag, unsettledCents, flagById, close };
}

/** The operators' hold flags: stored at attribution, listed, released or voided. */
export function createRiskFlags(context: RiskContext) {
  const { db, nowIso } = context;
  const { toFlag, unsettledCents, flagById, close } = createFlagStore(context);
  return {
    /** Stores the hold of an invitee just attributed (in the attribution's transaction). */
    async hold(trx: Db, invitee: { id: number; affiliateUserId: string; userId: string }, reasons: RiskHoldReason[]) {
      await trx
        .insertInto("risk_flags")
        .values({
          invitee_id: invitee.id,
          affiliate_user_id: invitee.affiliateUserId,
          user_id: invitee.userId,
          reasons: reasons.join(","),
          status: "open",
          created_at: nowIso(),
          resolved_at: null,
          resolution_note: null,
        })
        .execute();
    },

    async list(status: AdminRiskFlag["status"], limit: number): Promise<{ flags: AdminRiskFlag[] }> {
      const rows = await db
        .selectFrom("risk_flags")
        .selectAll()
        .where("status", "=", status)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      const cents = await unsettledCents(rows.map((r) => Number(r.invitee_id)));
      return { flags: rows.map((r) => toFlag(r, cents.get(Number(r.invitee_id)) ?? 0)) };
    },

    /** Releases the hold: the invitee's pending lines settle at the next settlement run. */
    async release(id: number, note: string): Promise<AdminRiskResolveResult> {
      await db.transaction().execute((trx) => close(trx, id, "released", note));
      return { flag: await flagById(id), voidedLines: 0, reversedUsdt: 0 };
    },

    /**
     * Voids the hold (open, or released and found out later): the invitee's pending lines become void (never paid)
     * and whatever of theirs was settled is taken back by a negative `void` ledger entry per affiliate and trade day;
     * the ledger stays append-only (a balance already paid out can go below zero). One transaction: a concurrent void finds the flag closed and changes nothing.
     */
    async void(id: number, note: string): Promise<AdminRiskResolveResult> {
      const result = await db.transaction().execute(async (trx) => {
        const inviteeId = await close(trx, id, "voided", note);
        const voided = await trx
          .updateTable("affiliate_commissions")
          .set({ status: "void" })
          .where("invitee_id", "=", inviteeId)
          .where("status", "=", "pending")
          .returning(["affiliate_user_id", "trade_day", "link_id", "business_line", "source", "commission_cents"])
          .execute();
        // The dashboard's totals: the voided lines' cents are pending no more (their fills and volume stay).
        await addTradingTotals(
          trx,
          voided.map((line) => ({
            affiliate_user_id: line.affiliate_user_id,
            day: line.trade_day,
            link_id: line.link_id === null || line.link_id === undefined ? NO_LINK : Number(line.link_id),
            market: line.business_line,
            source: line.source,
            fills: 0,
            volume_cents: 0,
            fee_micros: 0,
            commission_micros: 0,
            rebate_micros: 0,
            pending_cents: -num(line.commission_cents),
            settled_cents: 0,
            pending_lines: -1,
            settled_lines: 0,
          })),
        );
        const settled = await trx
          .selectFrom("affiliate_commissions")
          .select(["affiliate_user_id", "trade_day", (eb) => eb.fn.sum<number>("commission_cents").as("cents")])
          .where("invitee_id", "=", inviteeId)
          .where("status", "=", "settled")
          .groupBy(["affiliate_user_id", "trade_day"])
          .execute();
        const reversals = settled.map((r) => ({ ...r, cents: num(r.cents) })).filter((r) => r.cents > 0);
        if (reversals.length > 0)
          await trx
            .insertInto("affiliate_ledger")
            .values(
              reversals.map((r) => ({
                user_id: r.affiliate_user_id,
                kind: "void",
                amount_cents: -r.cents,
                trade_day: r.trade_day,
                destination: null,
                created_at: nowIso(),
              })),
            )
            .execute();
        return { voidedLines: voided.length, reversedCents: reversals.reduce((sum, r) => sum + r.cents, 0) };
      });
      return { flag: await flagById(id), voidedLines: result.voidedLines, reversedUsdt: result.reversedCents / 100 };
    },
  };
}
