import type { FastifyPluginCallback } from "fastify";
import type { MyPartnerApplication, PartnerApplicationCreated } from "@affiliates/contracts";
import { ok } from "../../platform/http/envelope";
import { requestLocale } from "../../platform/http/request-locale";
import { endpoint } from "../../platform/http/endpoint";

/**
 * /v1/partners: the partner programmes.
 * - Public, cached 60 s and varying by `Locale` (the FAQ's language; English when not written in it):
 *   `GET /broker`, `GET /market-maker`, `GET /institutional` (with the pro offer), `GET /incubation`.
 * - `POST /applications` (login + `dy-token`): one store for every programme's form; the body is validated by its
 *   `kind` (broker | market-maker | institutional | institutional-pro | incubation), 400 naming the field otherwise.
 * - `GET /applications/me?kind=` (login): the user's latest application of that kind, or null.
 */
const partnerRoutes: FastifyPluginCallback = (app, _options, done) => {
  const publicAnswer = { "cache-control": "public, max-age=60", vary: "Locale" } as const;

  endpoint(app, "brokerProgramme", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.broker(requestLocale(request) ?? "en"));
  });

  endpoint(app, "marketMakerProgramme", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.marketMaker(requestLocale(request) ?? "en"));
  });

  endpoint(app, "institutionalProgramme", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.institutional(requestLocale(request) ?? "en"));
  });

  endpoint(app, "incubationProgramme", async (request, reply) => {
    reply.headers(publicAnswer);
    return ok(await app.partners.incubation(requestLocale(request) ?? "en"));
  });

  endpoint(app, "partnerApply", async (request, reply, { userId }) => {
    reply.header("cache-control", "no-store");
    const input = request.body;
    const id = await app.partners.createApplication(userId, input, requestLocale(request));
    const data: PartnerApplicationCreated = { id, kind: input.kind, status: "pending" };
    return ok(data);
  });

  endpoint(app, "myPartnerApplication", async (request, reply, { userId }) => {
    reply.header("cache-control", "no-store");
    const data: MyPartnerApplication = {
      application: await app.partners.latestApplication(userId, request.query.kind),
    };
    return ok(data);
  });

  done();
};

export default partnerRoutes;
