import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loginRequestSchema, REFERRAL_CODE_COOKIE, registerRequestSchema } from "@affiliates/contracts";
import { checkDeviceToken } from "../../platform/http/device-token-guard";
import { ApiError } from "../../platform/http/errors";
import { messagesFor } from "./messages";
import type { PageKind } from "./render";
import type { PageKit } from "./page-kit";
import { asText, DEVICE_TOKEN_COOKIE, failureOf, formSchema, parseForm, referralCode } from "./page-forms";

/**
 * The login or register form's post: the device token, then the referral code and its same-holder checks, then the
 * account, the attribution and the session; a failure renders the page again with what went wrong.
 */
export function submitForm(
  app: FastifyInstance,
  { send, modelOf, referralModel }: PageKit,
  kind: PageKind,
  prefix: string,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
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
        kind === "register" && typedCode !== "" ? await referralModel(referralCode(typedCode) ?? typedCode) : undefined;
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
          ? await app.auth.login(parseForm(loginRequestSchema, { email: form.email, password: form.password }), source)
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
  };
}
