import fastifyHelmet from "@fastify/helmet";
import fp from "fastify-plugin";

/** No powerful browser feature is needed by anything the API serves (the same list as the web app's pages). */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
/** Sent only on answers to https requests (X-Forwarded-Proto from the trusted gateway): browsers ignore it over http. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Security headers on every answer. JSON needs no CSP sources at all; the login pages set their own (domains/pages). */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Decided per request below: only over https.
      strictTransportSecurity: false,
    });
    app.addHook("onSend", async (request, reply, payload) => {
      reply.header("permissions-policy", PERMISSIONS_POLICY);
      // request.protocol believes X-Forwarded-Proto only from trusted proxies (trustProxy).
      if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
      // Answers hold user data unless a route declared them public (config, programme tables): no cache keeps them.
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      return payload;
    });
  },
  { name: "helmet" },
);
