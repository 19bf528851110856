import fastifyFormbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { deviceTokenAppIdOf, loginRequestSchema, registerRequestSchema, type DeviceTokenAppEnv } from "@affiliates/contracts";
import { LANGUAGE_COOKIE, localesOfPrefix, PREFIXES, resolveLocale, type Locale } from "@affiliates/locales";
import { z } from "zod";
import { checkDeviceToken, DeviceTokenError } from "../../lib/device-token-guard";
import { ApiError } from "../../lib/errors";
import { safeReturnPath } from "../../lib/safe-redirect";
import { DEVICE_TOKEN_SCRIPT, DEVICE_TOKEN_SCRIPT_PATH } from "./device-token-script";
import { messagesFor, type PageMessages } from "./messages";
import { pagePath, renderPage, type PageKind, type PageModel } from "./render";

/**
 * The login pages load only same-origin scripts (the token SDK and the page's device-token script; the SDK calls
 * POST /v1/constantid/udid/c1, hence connect-src), inline CSS, and their forms post back to us.
 */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";

/** The device-token cookie the product's client keeps (packages/device-token), also written by the page script. */
export const DEVICE_TOKEN_COOKIE = "dy_token";

const queryString = z.string().max(4096).optional().catch(undefined);
const pageQuerySchema = z.object({ from: queryString, source: queryString }).loose();
/** Form fields arrive as strings (or arrays when repeated, which the contracts' schemas then refuse). */
const formSchema = z
  .object({
    from: queryString,
    source: queryString,
    email: z.unknown().optional(),
    password: z.unknown().optional(),
    mobile: z.unknown().optional(),
    dyToken: z.unknown().optional(),
  })
  .loose();

/** The prefix group's locale, disambiguated by the language cookie (as resolveLocale does). */
export function pageLocale(prefix: string, cookie: string | undefined): Locale {
  const group = localesOfPrefix(prefix);
  const preferred = resolveLocale({ prefix, cookie: cookie ?? null }).locale;
  return group.includes(preferred) ? preferred : (group[0] ?? "en");
}

const cleanSource = (value: string | undefined): string => (value ?? "").replace(/[^\w.-]/g, "").slice(0, 64);
const asText = (value: unknown): string => (typeof value === "string" ? value.slice(0, 254) : "");

/** The user-facing text for a failed submission, and its HTTP status. */
function failureOf(error: unknown, t: PageMessages): { status: number; message: string } {
  if (error instanceof DeviceTokenError) return { status: 403, message: t.securityCheckFailed };
  if (error instanceof ApiError) {
    switch (error.kind) {
      case "rate_limited":
        return { status: 429, message: t.throttled };
      case "invalid_credentials":
        return { status: 401, message: t.invalidCredentials };
      case "email_taken":
        return { status: 409, message: t.emailTaken };
      case "bad_request": {
        const field = error.message.split(":")[0];
        const message = field === "password" ? t.invalidPassword : field === "mobile" ? t.invalidMobile : t.invalidEmail;
        return { status: 400, message };
      }
      default:
        break;
    }
  }
  throw error;
}

export interface PageRoutesOptions {
  /** Chooses the token SDK's app id rendered into the forms (test and production differ). */
  appEnv: DeviceTokenAppEnv;
}

/**
 * Stand-in main-site pages: /login, /register and their /{prefix}/ variants, plus GET /logout and the pages'
 * device-token script. The form posts need a live device token (the `dy_token` cookie or the `dyToken` field).
 */
const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, options) => {
  // Urlencoded forms only here: the JSON API under /v1 keeps refusing them (415).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  const appId = deviceTokenAppIdOf(options.appEnv);

  // Under /login/ so that the web app's proxy (API_PATH in apps/web/src/proxy.ts) forwards it to us.
  app.get(DEVICE_TOKEN_SCRIPT_PATH, async (_request, reply) =>
    reply.header("content-type", "application/javascript; charset=utf-8").header("cache-control", "public, max-age=300").send(DEVICE_TOKEN_SCRIPT),
  );

  const send = (reply: FastifyReply, status: number, model: PageModel) =>
    reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", PAGE_CSP)
      .header("cache-control", "no-store")
      .send(renderPage(model));

  const modelOf = (request: FastifyRequest, kind: PageKind, prefix: string, from: unknown, source: string | undefined): PageModel => ({
    kind,
    prefix,
    locale: pageLocale(prefix, request.cookies[LANGUAGE_COOKIE]),
    from: safeReturnPath(from),
    source: cleanSource(source),
    email: "",
    mobile: "",
    error: undefined,
    appId,
  });

  for (const prefix of PREFIXES) {
    for (const kind of ["login", "register"] as const) {
      const path = pagePath(prefix, kind);

      app.get(path, async (request, reply) => {
        const query = pageQuerySchema.parse(request.query ?? {});
        return send(reply, 200, modelOf(request, kind, prefix, query.from, query.source));
      });

      app.post(path, async (request, reply) => {
        const parsed = formSchema.safeParse(request.body ?? {});
        const form = parsed.success ? parsed.data : { from: undefined, source: undefined, email: undefined, password: undefined, mobile: undefined };
        const model = modelOf(request, kind, prefix, form.from, form.source);
        model.email = asText(form.email);
        model.mobile = kind === "register" ? asText(form.mobile) : "";
        try {
          // Like the API's dy-token check, before the fields: a refused token says nothing about them.
          const cookieToken = request.cookies[DEVICE_TOKEN_COOKIE];
          try {
            await checkDeviceToken(request, cookieToken ?? asText(form.dyToken));
          } catch (error) {
            // A refused cookie would be reused on reload; dropping it makes the page (and the product) get a new one.
            if (error instanceof DeviceTokenError && cookieToken !== undefined) reply.clearCookie(DEVICE_TOKEN_COOKIE, { path: "/", sameSite: "lax" });
            throw error;
          }
          const userId =
            kind === "login"
              ? await app.auth.login(parseForm(loginRequestSchema, { email: form.email, password: form.password }), request.ip)
              : await app.auth.register(
                  parseForm(registerRequestSchema, {
                    email: form.email,
                    password: form.password,
                    ...(typeof form.mobile === "string" && form.mobile.trim() !== "" ? { mobile: form.mobile.trim() } : {}),
                  }),
                );
          await app.auth.startSession(request, reply, userId);
          return reply.code(303).header("cache-control", "no-store").redirect(model.from, 303);
        } catch (error) {
          const { status, message } = failureOf(error, messagesFor(model.locale));
          return send(reply, status, { ...model, error: message });
        }
      });
    }
  }

  app.get("/logout", async (request, reply) => {
    const query = pageQuerySchema.parse(request.query ?? {});
    await app.auth.endSession(request, reply);
    return reply.header("cache-control", "no-store").redirect(safeReturnPath(query.from), 303);
  });
};

function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const field = result.error.issues[0]?.path[0];
    throw new ApiError("bad_request", `${typeof field === "string" ? field : "body"}: invalid`);
  }
  return result.data;
}

export default pageRoutes;
