import fastifyHelmet from "@fastify/helmet";
import fp from "fastify-plugin";

/** Security headers on every answer. JSON needs no CSP sources at all; the login pages set their own (routes/pages). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Served over plain http on localhost by default; HSTS belongs to the TLS-terminating gateway.
      strictTransportSecurity: false,
    });
  },
  { name: "helmet" },
);
