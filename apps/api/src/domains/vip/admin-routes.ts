import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/http/envelope";
import { endpoint } from "../../platform/http/endpoint";

/** Operators' VIP calls (behind the admin token of the admin routes): who joined an airdrop. */
export function registerAdminVip(app: FastifyInstance): void {
  endpoint(app, "adminAirdropParticipants", async (request) =>
    ok(await app.vip.airdropParticipants(request.params.id)),
  );
}
