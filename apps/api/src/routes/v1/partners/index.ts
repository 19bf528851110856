import type { FastifyPluginCallback } from "fastify";
import {
  myPartnerApplicationQuerySchema,
  partnerApplicationRequestSchema,
  type MyPartnerApplication,
  type PartnerApplicationCreated,
} from "@affiliates/contracts";
import { requireDeviceToken } from "../../../lib/device-token-guard";
import { ok, parseBody } from "../../../lib/envelope";
import { requestLocale } from "../../../lib/request-locale";

/**
 * /v1/partners: the partner programmes (issue 10).
 * - Public, cached 60 s and varying by `Locale` (the FAQ's language; English when not written in it):
 *   `GET /broker`, `GET /market-maker`, `GET /institutional` (with the pro offer), `GET /incubation`.
 * - `POST /applications` (login + `dy-token`): one store for every programme's form; the body is validated by its
 *   `kind` (broker | market-maker | institutional | institutional-pro | incubation), 400 naming the field otherwise.
 * - `GET /applications/me?kind=` (login): the user's latest application of that kind, or null.
 */
const partnerRoutes: FastifyPluginCallback = (app, _options, done) => {
  const publicAnswer = { "cache-control": "public, max-age=60", vary: "Locale" } as const;

  app.get("/broker", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.broker(requestLocale(request) ?? "en"));
  });

  app.get("/market-maker", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.marketMaker(requestLocale(request) ?? "en"));
  });

  app.get("/institutional", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.institutional(requestLocale(request) ?? "en"));
  });

  app.get("/incubation", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.incubation(requestLocale(request) ?? "en"));
  });

  app.post("/applications", { preHandler: requireDeviceToken }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const userId = await app.auth.requireUserId(request, reply);
    const input = parseBody(partnerApplicationRequestSchema, request.body);
    const id = await app.partners.createApplication(userId, input, requestLocale(request));
    const data: PartnerApplicationCreated = { id, kind: input.kind, status: "pending" };
    return ok(data);
  });

  app.get("/applications/me", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const userId = await app.auth.requireUserId(request, reply);
    const { kind } = parseBody(myPartnerApplicationQuerySchema, request.query ?? {});
    const data: MyPartnerApplication = { application: await app.partners.latestApplication(userId, kind) };
    return ok(data);
  });

  done();
};

export default partnerRoutes;
