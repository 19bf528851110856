import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import {
  DEVICE_TOKEN_PATTERN,
  deviceTokenAppIdOf,
  REFERRAL_VISITOR_COOKIE,
  REFERRAL_CODE_COOKIE,
} from "@affiliates/contracts";
import { LANGUAGE_COOKIE } from "@affiliates/locales";
import { clientKey } from "../../platform/http/client-key";
import { DAY_MS, dayOf } from "../../platform/lib/days";
import type { ReferralOffer } from "../referral/repository";
import { safeReturnPath } from "../../platform/http/safe-redirect";
import { renderPage, type PageKind, type PageModel } from "./render";
import {
  ATTRIBUTION_MS,
  cleanSource,
  DEVICE_TOKEN_COOKIE,
  PAGE_CSP,
  pageLocale,
  ReferralRefused,
  sha256,
  VISITOR_MS,
  type PageRoutesOptions,
} from "./page-forms";

/** What the pages' handlers share: sending a page, its model, the referral offer of a code, and a link's visit. */
export function createPageKit(app: FastifyInstance, options: PageRoutesOptions) {
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

  return { send, modelOf, referralModel, countVisit };
}

export type PageKit = ReturnType<typeof createPageKit>;
