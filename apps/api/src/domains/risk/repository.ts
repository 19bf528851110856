import fp from "fastify-plugin";
import { addTradingTotals, NO_LINK } from "../commission/totals";
import {
  RISK_HOLD_CATEGORY_OF,
  RISK_HOLD_REASONS,
  type AdminRiskFlag,
  type AdminRiskResolveResult,
  type RiskHold,
  type RiskHoldReason,
} from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { deviceKey, isDisposableEmail, networkOf, normalisedEmail } from "./signals";
import { num } from "../../platform/db/rows";

/** How far back an inviter's logins count as "their" IPs and devices. */
export const SIGHTING_LOOKBACK_DAYS = 90;

/** What a request tells about who makes it: compared with the inviter's sightings (README "Risk checks"). */
export interface HolderSignals {
  /** The user the request's session cookie belongs to ("" for none): at sign-up, still the previous account's. */
  sessionUserId: string;
  ip: string;
  /** The fingerprint the request's live dy-token is bound to, when one was checked. */
  fingerprint: string | undefined;
  /** That dy-token: the browser's own (kept in its cookie), where a fingerprint only tells the kind of device. */
  token: string | undefined;
  email: string;
  /** The invitee's own account when it exists (binding, claims): their own sightings count as their signals too. */
  userId?: string;
}

/** refuse: the same holder for sure (the inviter's session or device); hold: attribute, but the commission waits. */
export interface RiskVerdict {
  refuse: "same_session" | "same_device" | null;
  hold: RiskHoldReason[];
}

export interface RiskRepositoryOptions {
  now: () => number;
}

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

/** Same-account-holder checks of referrals, the sightings they compare, and the operators' hold flags. */
export function createRiskRepository(db: Db, options: RiskRepositoryOptions) {
  const nowIso = () => new Date(options.now()).toISOString();

  async function sightingsOf(userIds: readonly string[]) {
    if (userIds.length === 0) return [];
    return db
      .selectFrom("user_sightings")
      .select(["user_id", "ip", "network", "device", "token"])
      .where("user_id", "in", userIds)
      .where("last_seen_at", ">=", new Date(options.now() - SIGHTING_LOOKBACK_DAYS * DAY_MS).toISOString())
      .execute();
  }

  /**
   * Compares a would-be invitee with the inviter, signal by signal: the inviter's own session in the request, or a
   * device token the inviter's browser was given, refuses; the inviter's device fingerprint (identical phones share
   * one), one of the inviter's IPs or networks, the inviter's normalised email, or a disposable domain holds.
   */
  async function assess(inviterUserId: string, signals: HolderSignals): Promise<RiskVerdict> {
    if (signals.sessionUserId === inviterUserId) return { refuse: "same_session", hold: [] };
    const [inviterSeen, ownSeen, inviter] = await Promise.all([
      sightingsOf([inviterUserId]),
      sightingsOf(signals.userId ? [signals.userId] : []),
      db.selectFrom("users").select("email").where("user_id", "=", inviterUserId).executeTakeFirst(),
    ]);
    const tokens = new Set(ownSeen.map((s) => s.token).filter((t) => t !== ""));
    if (signals.token) tokens.add(deviceKey(signals.token));
    if (inviterSeen.some((s) => s.token !== "" && tokens.has(s.token))) return { refuse: "same_device", hold: [] };

    const devices = new Set(ownSeen.map((s) => s.device).filter((d) => d !== ""));
    if (signals.fingerprint) devices.add(deviceKey(signals.fingerprint));
    const ips = new Set([signals.ip, ...ownSeen.map((s) => s.ip)]);
    const networks = new Set([networkOf(signals.ip), ...ownSeen.map((s) => s.network)]);
    const hold: RiskHoldReason[] = [];
    if (inviterSeen.some((s) => s.device !== "" && devices.has(s.device))) hold.push("same_device");
    if (inviterSeen.some((s) => ips.has(s.ip))) hold.push("same_ip");
    else if (inviterSeen.some((s) => networks.has(s.network))) hold.push("same_network");
    if (inviter && normalisedEmail(inviter.email) === normalisedEmail(signals.email)) hold.push("same_email");
    if (isDisposableEmail(signals.email)) hold.push("disposable_email");
    return { refuse: null, hold };
  }

  /** Throws same_account_holder when the verdict refuses; `what` names the refused thing in the message. */
  function refuseIfSameHolder(verdict: RiskVerdict, what: string): void {
    if (verdict.refuse === "same_session")
      throw new ApiError("same_account_holder", `${what}: the inviter's own session is open in this browser`);
    if (verdict.refuse === "same_device")
      throw new ApiError(
        "same_account_holder",
        `${what}: this browser's device token was given to the inviter's account`,
      );
  }

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

  return {
    assess,
    refuseIfSameHolder,

    /**
     * Experience cards and sub-affiliate invitations hold no commission that could wait for review, so for them the
     * owner's session or device and the owner's own mailbox (normalised email) refuse; a shared network alone does not.
     */
    async refuseOwnAccount(ownerUserId: string, signals: HolderSignals, what: string): Promise<void> {
      const verdict = await assess(ownerUserId, signals);
      refuseIfSameHolder(verdict, what);
      if (verdict.hold.includes("same_email"))
        throw new ApiError("same_account_holder", `${what}: this email reaches the same inbox as the inviter's`);
    },

    /**
     * Remembers where and on which device a user logged in or registered (one row per user, IP and device; a repeat
     * only moves its last-seen time).
     */
    async recordSighting(
      userId: string,
      ip: string,
      fingerprint: string | undefined,
      token: string | undefined,
    ): Promise<void> {
      const at = nowIso();
      const tokenKey = token ? deviceKey(token) : "";
      await db
        .insertInto("user_sightings")
        .values({
          user_id: userId,
          ip,
          network: networkOf(ip),
          device: fingerprint ? deviceKey(fingerprint) : "",
          token: tokenKey,
          first_seen_at: at,
          last_seen_at: at,
        })
        .onConflict((oc) => oc.columns(["user_id", "ip", "device"]).doUpdateSet({ last_seen_at: at, token: tokenKey }))
        .execute();
    },

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

    /** The owner of an experience card by its code (the claim compares the claimant with them). */
    async cardOwner(code: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("affiliate_cards")
        .select("affiliate_user_id")
        .where("code", "=", code)
        .executeTakeFirst();
      return row?.affiliate_user_id;
    },

    /** The inviter of a sub-affiliate invitation (accepting compares the invitee with them). */
    async invitationParent(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom("affiliate_sub_invitations")
        .select("parent_user_id")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.parent_user_id;
    },
  };
}

export type RiskRepository = ReturnType<typeof createRiskRepository>;

declare module "fastify" {
  interface FastifyInstance {
    risk: RiskRepository;
  }
}

export default fp<RiskRepositoryOptions>(
  (app, options, done) => {
    app.decorate("risk", createRiskRepository(app.db, options));
    done();
  },
  { name: "risk-repository", dependencies: ["db"] },
);
