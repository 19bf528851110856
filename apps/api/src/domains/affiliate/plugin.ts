import fp from "fastify-plugin";
import { createAffiliateService, type AffiliateService, type AffiliateServiceOptions } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    /** The affiliate programme (services/affiliate) on the app's database. */
    affiliate: AffiliateService;
  }
}

export default fp<AffiliateServiceOptions>(
  (app, options, done) => {
    app.decorate("affiliate", createAffiliateService(app.db, options));
    done();
  },
  { name: "affiliate", dependencies: ["db"] },
);
