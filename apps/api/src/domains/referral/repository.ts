import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";
import { createRiskRepository } from "../risk/repository";
import type { ReferralContext, ReferralRepositoryOptions } from "./context";
import { createReferralOffers } from "./offers";
import { createAttribution } from "./attribution";
import { createInviteeImport } from "./invitee-import";
import { createLinkPeriods } from "./link-periods";

export type { ReferralRepositoryOptions } from "./context";
export type { ReferralOffer } from "./offers";

/** Clicks, sign-up attribution and the per-link results of the referral loop. */
export function createReferralRepository(db: Db, options: ReferralRepositoryOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const risk = createRiskRepository(db, options);
  const context: ReferralContext = { db, options, nowIso, risk };
  const offers = createReferralOffers(db);
  return {
    ...offers,
    ...createAttribution(context, offers),
    ...createInviteeImport(context),
    ...createLinkPeriods(context),
  };
}

export type ReferralRepository = ReturnType<typeof createReferralRepository>;

declare module "fastify" {
  interface FastifyInstance {
    referral: ReferralRepository;
  }
}

export default fp<ReferralRepositoryOptions>(
  (app, options, done) => {
    app.decorate("referral", createReferralRepository(app.db, options));
    done();
  },
  { name: "referral-repository", dependencies: ["db"] },
);
