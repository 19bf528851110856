import type { RiskHoldReason } from "@affiliates/contracts";
import { DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { deviceKey, isDisposableEmail, networkOf, normalisedEmail } from "./signals";
import type { RiskContext } from "./context";

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

/** Same-account-holder checks of referrals, cards and invitations, and the sightings they compare. */
export function createHolderChecks({ db, options, nowIso }: RiskContext) {
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
