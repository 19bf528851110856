import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { vipAirdropIdSchema } from "@affiliates/contracts";
import { ok, parseBody } from "../../../lib/envelope";

const idParams = z.object({ id: vipAirdropIdSchema }).strict();

/** Operators' VIP calls (behind the admin token of the admin routes): who joined an airdrop. */
export function registerAdminVip(app: FastifyInstance): void {
  app.get("/vip/airdrops/:id/participants", async (request) => {
    const { id } = parseBody(idParams, request.params);
    return ok(await app.vip.airdropParticipants(id));
  });
}
