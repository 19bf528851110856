import type {
  VipAirdrop,
  VipAirdropJoined,
  VipAirdropList,
  VipAirdropParticipantList,
  VipAirdropState,
  VipStatus,
} from "@affiliates/contracts";
import { ApiError } from "../../platform/http/errors";
import { airdropState, type VipContext } from "./levels";

const STATE_ORDER: Record<VipAirdropState, number> = { live: 0, upcoming: 1, ended: 2 };

/** The airdrop campaigns: listed, joined, and their participants for operators. */
export function createVipAirdrops({ db, nowIso }: VipContext, vip: { status(userId: string): Promise<VipStatus> }) {
  return {
    /** Campaigns live first, then upcoming (soonest first), then ended (latest first); `joined` for a logged-in user. */
    async airdrops(userId: string): Promise<VipAirdropList> {
      const at = nowIso();
      const [rows, counts, mine, userLevel] = await Promise.all([
        db.selectFrom("vip_airdrops").selectAll().execute(),
        db
          .selectFrom("vip_airdrop_participants")
          .select((eb) => ["campaign_id", eb.fn.countAll().as("n")])
          .groupBy("campaign_id")
          .execute(),
        userId
          ? db.selectFrom("vip_airdrop_participants").select("campaign_id").where("user_id", "=", userId).execute()
          : Promise.resolve([]),
        userId ? vip.status(userId).then((s) => s.level) : Promise.resolve(null),
      ]);
      const countOf = new Map(counts.map((c) => [c.campaign_id, Number(c.n)]));
      const joined = new Set(mine.map((m) => m.campaign_id));
      const campaigns: VipAirdrop[] = rows.map((r) => ({
        id: r.id,
        coin: r.coin,
        name: r.name,
        poolAmount: Number(r.pool_amount),
        requiredLevel: Number(r.required_level),
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        state: airdropState(r.starts_at, r.ends_at, at),
        participants: countOf.get(r.id) ?? 0,
        joined: userId ? joined.has(r.id) : null,
      }));
      campaigns.sort((a, b) => {
        const byState = STATE_ORDER[a.state] - STATE_ORDER[b.state];
        if (byState !== 0) return byState;
        return a.state === "ended" ? b.endsAt.localeCompare(a.endsAt) : a.startsAt.localeCompare(b.startsAt);
      });
      return { now: at, userLevel, campaigns };
    },

    /**
     * Joins a live campaign: 404 for an unknown id, 409 (21002) when it is not live, 403 (21001) when the user's level
     * is below the required one. Joining again answers the first join with `alreadyJoined: true`.
     */
    async joinAirdrop(userId: string, campaignId: string): Promise<VipAirdropJoined> {
      const campaign = await db.selectFrom("vip_airdrops").selectAll().where("id", "=", campaignId).executeTakeFirst();
      if (!campaign) throw new ApiError("not_found", "campaign: not found");
      const existing = await db
        .selectFrom("vip_airdrop_participants")
        .select("joined_at")
        .where("campaign_id", "=", campaignId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (existing) return { campaignId, joinedAt: existing.joined_at, alreadyJoined: true };
      const at = nowIso();
      const state = airdropState(campaign.starts_at, campaign.ends_at, at);
      if (state !== "live")
        throw new ApiError(
          "airdrop_not_live",
          `campaign: ${state === "upcoming" ? "has not started yet" : "has ended"}`,
        );
      const { level } = await vip.status(userId);
      const required = Number(campaign.required_level);
      if (level < required)
        throw new ApiError("vip_level_too_low", `campaign: requires VIP${required}, your level is VIP${level}`);
      // A concurrent first join of the same user loses the insert race harmlessly: the primary key keeps one row.
      await db
        .insertInto("vip_airdrop_participants")
        .values({ campaign_id: campaignId, user_id: userId, joined_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await db
        .selectFrom("vip_airdrop_participants")
        .select("joined_at")
        .where("campaign_id", "=", campaignId)
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return { campaignId, joinedAt: row.joined_at, alreadyJoined: row.joined_at !== at };
    },

    /** Operators' view of a campaign's participants (404 for an unknown campaign). */
    async airdropParticipants(campaignId: string): Promise<VipAirdropParticipantList> {
      const campaign = await db.selectFrom("vip_airdrops").select("id").where("id", "=", campaignId).executeTakeFirst();
      if (!campaign) throw new ApiError("not_found", "campaign: not found");
      const rows = await db
        .selectFrom("vip_airdrop_participants")
        .select(["user_id", "joined_at"])
        .where("campaign_id", "=", campaignId)
        .orderBy("joined_at")
        .orderBy("user_id")
        .execute();
      return { campaignId, participants: rows.map((r) => ({ userId: r.user_id, joinedAt: r.joined_at })) };
    },
  };
}
