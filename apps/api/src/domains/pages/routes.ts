import fastifyFormbody from "@fastify/formbody";
import type { FastifyPluginAsync } from "fastify";
import { REFERRAL_CODE_COOKIE } from "@affiliates/contracts";
import { PREFIXES } from "@affiliates/locales";
import { methodNotAllowed } from "../../platform/http/methods";
import { safeReturnPath } from "../../platform/http/safe-redirect";
import { DEVICE_TOKEN_SCRIPT, DEVICE_TOKEN_SCRIPT_PATH } from "../device/token-script";
import { messagesFor } from "./messages";
import { pagePath } from "./render";
import { failureOf, logoutFormSchema, pageQuerySchema, referralCode, type PageRoutesOptions } from "./page-forms";
import { createPageKit } from "./page-kit";
import { submitForm } from "./form-submit";

/**
 * Stand-in main-site pages: /login, /register and their /{prefix}/ variants, plus POST /logout and the pages'
 * device-token script. The form posts need a live device token (the `dy_token` cookie or the `dyToken` field).
 */
const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, options) => {
  // Urlencoded forms only here: the JSON API under /v1 keeps refusing them (415).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  // Under /login/ so that the web app's proxy (API_PATH in apps/web/src/proxy.ts) forwards it to us.
  app.get(DEVICE_TOKEN_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header("content-type", "application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(DEVICE_TOKEN_SCRIPT),
  );
  const kit = createPageKit(app, options);
  const { send, modelOf, referralModel, countVisit } = kit;

  for (const prefix of PREFIXES) {
    for (const kind of ["login", "register"] as const) {
      const path = pagePath(prefix, kind);

      app.get(path, async (request, reply) => {
        const query = pageQuerySchema.parse(request.query ?? {});
        const model = modelOf(request, kind, prefix, query.from, query.source);
        if (kind === "register") {
          const linked = referralCode(query.ref);
          const {
            model: referral,
            refused,
            offer,
          } = await referralModel(linked ?? referralCode(request.cookies[REFERRAL_CODE_COOKIE]));
          // Only a link's own visit counts (the offer is then the link's); a remembered code only fills the field.
          if (linked && offer) await countVisit(request, reply, offer);
          model.referral = referral;
          if (refused) model.error = failureOf(refused, messagesFor(model.locale)).message;
        }
        return send(reply, 200, model);
      });

      app.post(path, submitForm(app, kit, kind, prefix));
    }
  }

  // The short form of a referral link: /r/{code} → /register?ref={code} (the visit is counted there).
  app.get("/r/:code", async (request, reply) => {
    const code = referralCode((request.params as { code?: unknown }).code);
    const target = code ? `${pagePath("", "register")}?ref=${encodeURIComponent(code)}` : pagePath("", "register");
    return reply.header("cache-control", "no-store").redirect(target, 302);
  });

  // Logging out changes state, so only by POST (a link or an image on another site must not log anyone out); the
  // same-origin guard (platform/plugins/same-origin.ts) refuses cross-site posts.
  app.get("/logout", () => {
    throw methodNotAllowed("GET", "/logout", ["POST"]);
  });

  app.post("/logout", async (request, reply) => {
    const query = pageQuerySchema.parse(request.query ?? {});
    const body = logoutFormSchema.safeParse(request.body ?? {});
    const from = (body.success ? body.data.from : undefined) ?? query.from;
    await app.auth.endSession(request, reply);
    return reply.header("cache-control", "no-store").redirect(safeReturnPath(from), 303);
  });
};

export default pageRoutes;
