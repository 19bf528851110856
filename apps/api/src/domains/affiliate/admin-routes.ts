import type { FastifyInstance } from "fastify";
import { addDays, previousMonth } from "../../platform/lib/days";
import { ok } from "../../platform/http/envelope";
import { ApiError } from "../../platform/http/errors";
import { tradeFeedProblem, type TradeFeedBounds } from "../commission/trade-feed-bounds";
import { endpoint } from "../../platform/http/endpoint";

/** A batch of up to 1,000 fills is about 200 KB of JSON: more than the API's default body limit. */
export const TRADE_FEED_BODY_LIMIT = 1024 * 1024;

/** The VIP schedule's highest fee rate per market (ppm of the notional), maker or taker, over all levels. */
async function scheduleMaxPpm(app: FastifyInstance): Promise<{ spot: number; futures: number }> {
  const levels = await app.vip.levels();
  const ppm = (fraction: number) => Math.round(fraction * 1e6);
  return {
    spot: Math.max(0, ...levels.map((l) => ppm(Math.max(l.spotMaker, l.spotTaker)))),
    futures: Math.max(0, ...levels.map((l) => ppm(Math.max(l.futuresMaker, l.futuresTaker)))),
  };
}

/**
 * The operators' affiliate calls, added to the admin instance so that its `x-admin-token` hook guards them:
 * call `registerAdminAffiliate(app)` inside `adminRoutes` (admin-routes.ts), before `done()`.
 * - `POST /v1/admin/trades` `{trades: [...]}`: the exchange's fills, idempotent by tradeId; a batch with a fee above
 *   its market's maximum rate × notional or a time outside [now − 35 days, now + 5 min] is refused whole (400).
 * - `POST /v1/admin/settle?day=YYYY-MM-DD` (default yesterday): the daily settlement, exactly once per line.
 * - `POST /v1/admin/affiliate/review-levels?month=YYYY-MM` (default last month): the monthly level review, once.
 * - `GET  /v1/admin/affiliate/applications?status=&limit=`: newest first.
 * - `POST /v1/admin/affiliate/applications/:id/decision` `{decision: approve|reject, note?}`: approving makes the
 *   user an affiliate at Lv1 (40%); a decided application answers 409 10008, an unknown id 404.
 * - `PUT  /v1/admin/affiliate/card-quota/:userId` `{monthlyQuota: 0..1000 | null}`: an affiliate's own card quota.
 * - `POST /v1/admin/affiliate/adjustments` `{userId, amountUsdt, reason, reference}`: a credit or debit in the
 *   affiliate's ledger with the reason their statement shows; idempotent by the reference (payouts/repository.ts).
 * - `GET  /v1/admin/risk/flags?status=open&limit=`: self-referral holds with their reasons (README "Risk checks").
 * - `POST /v1/admin/risk/flags/:id/release|void` `{reason}`: release (the lines settle at the next run) or void (pending
 *   lines become void, settled ones are reversed in the ledger); a resolved flag answers 409 10033.
 */
export function registerAdminAffiliate(
  app: FastifyInstance,
  options: { tradeFeed: TradeFeedBounds; now: () => number },
): void {
  endpoint(
    app,
    "adminTrades",
    async (request) => {
      const { trades } = request.body;
      // Sanity before money moves: a fee above the market's maximum rate × notional, or a time outside the window,
      // refuses the whole batch (400 naming the fill and field), before the commission engine stores anything.
      const problem = tradeFeedProblem(trades, options.tradeFeed, options.now(), await scheduleMaxPpm(app));
      if (problem) throw new ApiError("bad_request", problem);
      return ok(await app.commissions.feed(trades));
    },
    { route: { bodyLimit: TRADE_FEED_BODY_LIMIT } },
  );

  endpoint(app, "adminSettle", async (request) =>
    ok(await app.commissions.settle(request.query.day ?? addDays(app.affiliate.today(), -1))),
  );

  endpoint(app, "adminReviewLevels", async (request) =>
    ok(await app.commissions.reviewLevels(request.query.month ?? previousMonth(app.affiliate.today().slice(0, 7)))),
  );

  endpoint(app, "adminAffiliateApplications", async (request) =>
    ok(await app.affiliate.listApplications(request.query.status, request.query.limit)),
  );

  endpoint(app, "adminAffiliateDecision", async (request) =>
    ok(await app.affiliate.decide(request.params.id, request.body.decision, request.body.note)),
  );

  endpoint(app, "adminCardQuota", async (request) =>
    ok(await app.affiliate.setCardQuota(request.params.userId, request.body.monthlyQuota)),
  );

  endpoint(app, "adminLedgerAdjustment", async (request) => ok(await app.payouts.adjust(request.body)));

  endpoint(app, "adminRiskFlags", async (request) =>
    ok(await app.risk.list(request.query.status, request.query.limit)),
  );

  endpoint(app, "adminRiskRelease", async (request) =>
    ok(await app.risk.release(request.params.id, request.body.reason)),
  );

  endpoint(app, "adminRiskVoid", async (request) => ok(await app.risk.void(request.params.id, request.body.reason)));
}
