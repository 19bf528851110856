import fastifyFormbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createHash, randomBytes } from "node:crypto";
import {
  DEVICE_TOKEN_PATTERN,
  deviceTokenAppIdOf,
  loginRequestSchema,
  REFERRAL_ATTRIBUTION_DAYS,
  REFERRAL_CODE_COOKIE,
  REFERRAL_VISITOR_COOKIE,
  referralCodeSchema,
  registerRequestSchema,
  type DeviceTokenAppEnv,
} from "@affiliates/contracts";
import { LANGUAGE_COOKIE, localesOfPrefix, PREFIXES, resolveLocale, type Locale } from "@affiliates/locales";
import { z } from "zod";
import { checkDeviceToken } from "../../platform/http/device-token-guard";
import { clientKey } from "../../platform/http/client-key";
import { DAY_MS, dayOf } from "../../platform/lib/days";
import type { ReferralOffer } from "../referral/repository";
import { ApiError } from "../../platform/http/errors";
import { methodNotAllowed } from "../../platform/http/methods";
import { safeReturnPath } from "../../platform/http/safe-redirect";
import { DEVICE_TOKEN_SCRIPT, DEVICE_TOKEN_SCRIPT_PATH } from "../device/token-script";
import { messagesFor, passwordFeedbackSentences, type PageMessages } from "./messages";
import { pagePath, renderPage, type PageKind, type PageModel } from "./render";

/**
 * The login pages load only same-origin scripts (the token SDK and the page's device-token script; the SDK calls
 * POST /v1/constantid/udid/c1, hence connect-src), inline CSS, and their forms post back to us.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";

/** The device-token cookie the product's client keeps (packages/device-token), also written by the page script. */
export const DEVICE_TOKEN_COOKIE = "dy_token";

const queryString = z.string().max(4096).optional().catch(undefined);
const pageQuerySchema = z.object({ from: queryString, source: queryString, ref: queryString }).loose();
/** Form fields arrive as strings (or arrays when repeated, which the contracts' schemas then refuse). */
const formSchema = z
  .object({
    from: queryString,
    source: queryString,
    email: z.unknown().optional(),
    password: z.unknown().optional(),
    mobile: z.unknown().optional(),
    dyToken: z.unknown().optional(),
    ref: z.unknown().optional(),
  })
  .loose();

/** `POST /logout`: an urlencoded form (or no body at all) with the page to return to. */
const logoutFormSchema = z.object({ from: queryString }).loose();

/** The prefix group's locale, disambiguated by the language cookie (as resolveLocale does). */
export function pageLocale(prefix: string, cookie: string | undefined): Locale {
  const group = localesOfPrefix(prefix);
  const preferred = resolveLocale({ prefix, cookie: cookie ?? null }).locale;
  return group.includes(preferred) ? preferred : (group[0] ?? "en");
}

const cleanSource = (value: string | undefined): string => (value ?? "").replace(/[^\w.-]/g, "").slice(0, 64);
const asText = (value: unknown): string => (typeof value === "string" ? value.slice(0, 254) : "");

/** A well-formed referral code, or undefined (anything else is no code at all). */
const referralCode = (value: unknown): string | undefined => {
  const parsed = referralCodeSchema.safeParse(typeof value === "string" ? value.trim() : value);
  return parsed.success ? parsed.data : undefined;
};

/** The register form's referral code could not be used: the page says why, and nothing was created. */
class ReferralRefused extends Error {
  constructor(readonly reason: "unknown" | "archived") {
    super(`referral: ${reason}`);
  }
}

const ATTRIBUTION_MS = REFERRAL_ATTRIBUTION_DAYS * DAY_MS;
const VISITOR_MS = 365 * DAY_MS;

/** The user-facing text for a failed submission, its HTTP status, and why a password was too weak. */
function failureOf(error: unknown, t: PageMessages): { status: number; message: string; passwordFeedback?: string[] } {
  if (error instanceof ReferralRefused)
    return { status: 409, message: error.reason === "archived" ? t.referralArchived : t.referralUnknown };
  if (error instanceof ApiError) {
    switch (error.kind) {
      case "device_token_refused":
        return { status: 403, message: t.securityCheckFailed };
      case "weak_password":
        return {
          status: 400,
          message: t.passwordWeak,
          passwordFeedback: error.feedback ? passwordFeedbackSentences(t, error.feedback) : [],
        };
      case "rate_limited":
        return { status: 429, message: t.throttled };
      case "invalid_credentials":
        return { status: 401, message: t.invalidCredentials };
      case "email_taken":
        return { status: 409, message: t.emailTaken };
      case "same_account_holder":
        return { status: 409, message: t.referralSameHolder };
      case "bad_request": {
        const field = error.message.split(":")[0];
        const message =
          field === "password" ? t.invalidPassword : field === "mobile" ? t.invalidMobile : t.invalidEmail;
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
  /** The most clicks one client IP (an IPv6 /64) adds to one link in a UTC day (REFERRAL_CLICKS_PER_IP). */
  referralClicksPerIp?: number;
  /** PUBLIC_ORIGIN: when https, the referral cookies are Secure whatever hop the request came through. */
  publicOrigin?: string | undefined;
}

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/**
 * Stand-in main-site pages: /login, /register and their /{prefix}/ variants, plus POST /logout and the pages'
 * device-token script. The form posts need a live device token (the `dy_token` cookie or the `dyToken` field).
 */
const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, options) => {
  // Urlencoded forms only here: the JSON API under /v1 keeps refusing them (415).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  const appId = deviceTokenAppIdOf(options.appEnv);
  const clicksPerIp = options.referralClicksPerIp ?? 20;
  const publicHttps = options.publicOrigin?.toLowerCase().startsWith("https:") === true;
  /**
   * The referral cookies are Secure under https: PUBLIC_ORIGIN is https, or the request came over https (directly,
   * or by X-Forwarded-Proto from a TRUST_PROXY hop: Fastify's request.protocol believes no one else).
   */
  const referralCookie = (request: FastifyRequest, maxAgeS: number) =>
    ({
      path: "/",
      sameSite: "lax",
      httpOnly: true,
      secure: publicHttps || request.protocol === "https",
      maxAge: maxAgeS,
    }) as const;

  // Under /login/ so that the web app's proxy (API_PATH in apps/web/src/proxy.ts) forwards it to us.
  app.get(DEVICE_TOKEN_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header("content-type", "application/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(DEVICE_TOKEN_SCRIPT),
  );

  const send = (reply: FastifyReply, status: number, model: PageModel) =>
    reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", PAGE_CSP)
      .header("cache-control", "no-store")
      .send(renderPage(model));

  const modelOf = (
    request: FastifyRequest,
    kind: PageKind,
    prefix: string,
    from: unknown,
    source: string | undefined,
  ): PageModel => ({
    kind,
    prefix,
    locale: pageLocale(prefix, request.cookies[LANGUAGE_COOKIE]),
    from: safeReturnPath(from),
    source: cleanSource(source),
    email: "",
    mobile: "",
    error: undefined,
    passwordFeedback: [],
    appId,
    referral: undefined,
  });

  /** The referral field and offer of a register page: the code's inviter and share, when the code can be used. */
  async function referralModel(
    code: string | undefined,
  ): Promise<{ model: PageModel["referral"]; refused: ReferralRefused | undefined; offer: ReferralOffer | undefined }> {
    if (!code) return { model: undefined, refused: undefined, offer: undefined };
    const offer = await app.referral.offer(code);
    if (!offer)
      return {
        model: { code, inviterName: undefined, shareBps: 0 },
        refused: new ReferralRefused("unknown"),
        offer: undefined,
      };
    if (offer.archived)
      return {
        model: { code, inviterName: undefined, shareBps: 0 },
        refused: new ReferralRefused("archived"),
        offer: undefined,
      };
    return {
      model: {
        code: offer.code,
        inviterName: offer.inviterName,
        shareBps: Math.max(offer.spotShareBps, offer.futuresShareBps),
        minShareBps: Math.min(offer.spotShareBps, offer.futuresShareBps),
      },
      refused: undefined,
      offer,
    };
  }

  /**
   * A referral link's visit: one click per visitor, link and UTC day; the code remembered 30 days. The visitor is
   * known on the server's side only (a client-chosen id would let one client count as many): its IP (an IPv6 /64)
   * with its user agent, and its device when it sends a live device token. A visit counts when neither was seen on
   * the link that day, and one IP adds at most `referralClicksPerIp` clicks to a link a day, whatever it claims.
   */
  async function countVisit(request: FastifyRequest, reply: FastifyReply, offer: ReferralOffer): Promise<void> {
    let visitor = request.cookies[REFERRAL_VISITOR_COOKIE];
    if (!visitor || !/^[A-Za-z0-9_-]{16,64}$/.test(visitor)) {
      visitor = randomBytes(16).toString("base64url");
      reply.setCookie(REFERRAL_VISITOR_COOKIE, visitor, referralCookie(request, VISITOR_MS / 1000));
    }
    const client = clientKey(request.ip);
    const keys = [`net:${sha256(`${client}|${request.headers["user-agent"] ?? ""}`)}`];
    const token = request.cookies[DEVICE_TOKEN_COOKIE];
    const device = token && DEVICE_TOKEN_PATTERN.test(token) ? await app.deviceTokens.verify(token) : undefined;
    if (device) keys.push(`dev:${sha256(device.fingerprint)}`);
    const capKey = `clicks:${offer.linkId}:${dayOf(app.affiliate.now())}:${client}`;
    await app.referral.recordClick(offer.linkId, keys, async () => {
      const { count } = await app.counterStore.hit(capKey, DAY_MS);
      return count <= clicksPerIp;
    });
    reply.setCookie(REFERRAL_CODE_COOKIE, offer.code, referralCookie(request, ATTRIBUTION_MS / 1000));
  }

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

      app.post(path, async (request, reply) => {
        const parsed = formSchema.safeParse(request.body ?? {});
        const form = parsed.success
          ? parsed.data
          : { from: undefined, source: undefined, email: undefined, password: undefined, mobile: undefined };
        const model = modelOf(request, kind, prefix, form.from, form.source);
        model.email = asText(form.email);
        model.mobile = kind === "register" ? asText(form.mobile) : "";
        const typedCode = kind === "register" ? asText(form.ref).trim() : "";
        try {
          // Like the API's dy-token check, before the fields: a refused token says nothing about them.
          const cookieToken = request.cookies[DEVICE_TOKEN_COOKIE];
          try {
            await checkDeviceToken(request, cookieToken ?? asText(form.dyToken));
          } catch (error) {
            // A refused cookie would be reused on reload; dropping it makes the page (and the product) get a new one.
            if (error instanceof ApiError && error.kind === "device_token_refused" && cookieToken !== undefined)
              reply.clearCookie(DEVICE_TOKEN_COOKIE, { path: "/", sameSite: "lax" });
            throw error;
          }
          // The referral code is checked before the account exists: a refused code creates nothing.
          const referral =
            kind === "register" && typedCode !== ""
              ? await referralModel(referralCode(typedCode) ?? typedCode)
              : undefined;
          if (referral) model.referral = referral.model;
          if (referral?.refused) throw referral.refused;
          const source = { ip: request.ip, device: request.deviceFingerprint };
          // A sign-up with a code counts against the IP's referral sign-up limit; one that creates nothing does not.
          const undoReferral = referral?.model ? await app.auth.reserveReferralSignup(request.ip) : undefined;
          // The same-holder signals (README "Risk checks"): the request may still carry the inviter's session.
          const signals = referral?.offer
            ? {
                sessionUserId: await app.auth.optionalUserId(request),
                ip: request.ip,
                fingerprint: request.deviceFingerprint,
                token: request.deviceToken,
                email: asText(form.email),
              }
            : undefined;
          // Refused before the account exists, like a refused code.
          if (referral?.offer && signals)
            app.risk.refuseIfSameHolder(await app.risk.assess(referral.offer.inviterUserId, signals), "code");
          const userId =
            kind === "login"
              ? await app.auth.login(
                  parseForm(loginRequestSchema, { email: form.email, password: form.password }),
                  source,
                )
              : await app.auth
                  .register(
                    parseForm(registerRequestSchema, {
                      email: form.email,
                      password: form.password,
                      ...(typeof form.mobile === "string" && form.mobile.trim() !== ""
                        ? { mobile: form.mobile.trim() }
                        : {}),
                    }),
                    source,
                  )
                  .catch(async (error: unknown) => {
                    await undoReferral?.();
                    throw error;
                  });
          if (referral?.model && signals) {
            try {
              await app.referral.attribute(
                userId,
                referral.model.code,
                new Date(app.affiliate.now()).toISOString(),
                signals,
              );
            } catch (error) {
              // The link was archived in between: the account stands, without an inviter.
              request.log.warn({ err: error }, "referral not attributed");
            }
            reply.clearCookie(REFERRAL_CODE_COOKIE, { path: "/", sameSite: "lax" });
          }
          await app.auth.startSession(request, reply, userId);
          return reply.code(303).header("cache-control", "no-store").redirect(model.from, 303);
        } catch (error) {
          const { status, message, passwordFeedback = [] } = failureOf(error, messagesFor(model.locale));
          return send(reply, status, { ...model, error: message, passwordFeedback });
        }
      });
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

function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const field = result.error.issues[0]?.path[0];
    throw new ApiError("bad_request", `${typeof field === "string" ? field : "body"}: invalid`);
  }
  return result.data;
}

export default pageRoutes;
