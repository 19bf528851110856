import fp from "fastify-plugin";
import type { Db } from "../../platform/db/schema";
import { createPartnerProgrammes } from "./programmes";
import { createPartnerApplications, type PartnersRepositoryOptions } from "./applications";

export type { PartnersRepositoryOptions } from "./applications";
export type { PartnerProgrammeName } from "./programmes";

export function createPartnersRepository(db: Db, options: PartnersRepositoryOptions) {
  return { ...createPartnerProgrammes(db), ...createPartnerApplications(db, options) };
}

export type PartnersRepository = ReturnType<typeof createPartnersRepository>;

declare module "fastify" {
  interface FastifyInstance {
    partners: PartnersRepository;
  }
}

export default fp<PartnersRepositoryOptions>(
  (app, options, done) => {
    app.decorate("partners", createPartnersRepository(app.db, options));
    done();
  },
  { name: "partners-repository", dependencies: ["db"] },
);
