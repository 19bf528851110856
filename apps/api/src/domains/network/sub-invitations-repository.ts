import fp from "fastify-plugin";
import { SUB_INVITATION_VALID_DAYS } from "@affiliates/contracts";
import type { Db } from "../../platform/db/schema";
import { DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import type { SubInvitationsContext } from "./sub-invitations-shared";
import { createSentInvitations } from "./sub-invitations-sent";
import { createReceivedInvitations } from "./sub-invitations-received";
import { createSubRelationships } from "./sub-relationships";
import { createSubRateOffers } from "./sub-rate-offers";

export interface SubInvitationsOptions {
  now: () => number;
}

/**
 * Sub-affiliates with consent: an affiliate invites an email address at a rate strictly between 0 and their own; only
 * the invitee's acceptance makes them a sub-affiliate. Invitations are kept by address, so the inviter's answer and
 * list are the same whether or not the address has an account.
 *
 * Consent stays meaningful: an invitation's terms never change once sent (a new rate is a new invitation, the old one
 * withdrawn), it expires SUB_INVITATION_VALID_DAYS later, and an acceptance names the rate it accepts. After
 * acceptance a rate change is an offer the sub answers (`affiliate_sub_rate_offers`); `affiliates.rate_bps`, which the
 * commission engine reads, keeps the agreed rate until then. A sub can end the relationship as the inviter can.
 */
export function createSubInvitationsRepository(db: Db, options: SubInvitationsOptions) {
  const nowIso = () => new Date(options.now()).toISOString();
  const expiresFrom = (sentAt: string) =>
    new Date(Date.parse(sentAt) + SUB_INVITATION_VALID_DAYS * DAY_MS).toISOString();

  async function emailOf(userId: string): Promise<string> {
    const user = await db.selectFrom("users").select("email").where("user_id", "=", userId).executeTakeFirst();
    if (!user) throw new ApiError("no_session");
    return user.email.toLowerCase();
  }

  const context: SubInvitationsContext = { db, nowIso, expiresFrom, emailOf };
  return {
    ...createSentInvitations(context),
    ...createReceivedInvitations(context),
    ...createSubRelationships(context),
    ...createSubRateOffers(context),
  };
}

export type SubInvitationsRepository = ReturnType<typeof createSubInvitationsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    subInvitations: SubInvitationsRepository;
  }
}

export default fp<SubInvitationsOptions>(
  (app, options, done) => {
    app.decorate("subInvitations", createSubInvitationsRepository(app.db, options));
    done();
  },
  { name: "sub-invitations-repository", dependencies: ["db"] },
);
