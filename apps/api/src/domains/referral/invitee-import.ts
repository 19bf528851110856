import { sql } from "kysely";
import { maskUserId } from "../../platform/lib/mask";
import { chunked } from "../../platform/db/rows";
import { addFunnelTotals } from "../commission/totals";
import type { ReferralContext } from "./context";

/** Invitees imported in bulk. */
export function createInviteeImport({ db }: ReferralContext) {
  return {
    /**
     * Attributes many users at once (an exchange's import, the bench's top partner): each user to the given link of
     * its affiliate, once, with the link's sign-ups and the funnel counted as `attribute` counts them. Answers how
     * many were new.
     */
    async addInvitees(
      invitees: readonly { affiliateUserId: string; linkId: number; userId: string; registeredAt: string }[],
    ): Promise<number> {
      let added = 0;
      for (const part of chunked(invitees, 500)) {
        added += await db.transaction().execute(async (trx) => {
          const rows = await trx
            .insertInto("affiliate_invitees")
            .values(
              part.map((i) => ({
                affiliate_user_id: i.affiliateUserId,
                link_id: i.linkId,
                user_id: i.userId,
                masked_user_id: maskUserId(i.userId),
                registered_at: i.registeredAt,
                kyc_at: null,
                first_deposit_at: null,
                first_trade_at: null,
                volume_cents: 0,
                commission_cents: 0,
              })),
            )
            .onConflict((oc) => oc.column("user_id").doNothing())
            .returning(["affiliate_user_id", "link_id", "registered_at"])
            .execute();
          const signups = new Map<string, { linkId: number; day: string; affiliate: string; n: number }>();
          for (const r of rows) {
            const day = r.registered_at.slice(0, 10);
            const key = `${Number(r.link_id)}|${day}`;
            const seen = signups.get(key) ?? { linkId: Number(r.link_id), day, affiliate: r.affiliate_user_id, n: 0 };
            seen.n += 1;
            signups.set(key, seen);
          }
          for (const { linkId, day, n } of [...signups.values()].sort(
            (a, b) => a.linkId - b.linkId || (a.day < b.day ? -1 : 1),
          ))
            await trx
              .insertInto("affiliate_link_daily_stats")
              .values({ link_id: linkId, day, clicks: 0, signups: n })
              .onConflict((oc) =>
                oc.columns(["link_id", "day"]).doUpdateSet({ signups: sql`affiliate_link_daily_stats.signups + ${n}` }),
              )
              .execute();
          await addFunnelTotals(
            trx,
            [...signups.values()].map((x) => ({
              affiliate_user_id: x.affiliate,
              day: x.day,
              link_id: x.linkId,
              signups: x.n,
            })),
          );
          return rows.length;
        });
      }
      return added;
    },
  };
}
