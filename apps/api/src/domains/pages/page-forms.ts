import { createHash } from "node:crypto";
import { REFERRAL_ATTRIBUTION_DAYS, referralCodeSchema, type DeviceTokenAppEnv } from "@affiliates/contracts";
import { localesOfPrefix, resolveLocale, type Locale } from "@affiliates/locales";
import { z } from "zod";
import { DAY_MS } from "../../platform/lib/days";
import { ApiError } from "../../platform/http/errors";
import { passwordFeedbackSentences, type PageMessages } from "./messages";

/**
 * The login pages load only same-origin scripts (the token SDK and the page's device-token script; the SDK calls
 * POST /v1/constantid/udid/c1, hence connect-src), inline CSS, and their forms post back to us.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";

/** The device-token cookie the product's client keeps (packages/device-token), also written by the page script. */
export const DEVICE_TOKEN_COOKIE = "dy_token";

const queryString = z.string().max(4096).optional().catch(undefined);
export const pageQuerySchema = z.object({ from: queryString, source: queryString, ref: queryString }).loose();
/** Form fields arrive as strings (or arrays when repeated, which the contracts' schemas then refuse). */
export const formSchema = z
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
export const logoutFormSchema = z.object({ from: queryString }).loose();

/** The prefix group's locale, disambiguated by the language cookie (as resolveLocale does). */
export function pageLocale(prefix: string, cookie: string | undefined): Locale {
  const group = localesOfPrefix(prefix);
  const preferred = resolveLocale({ prefix, cookie: cookie ?? null }).locale;
  return group.includes(preferred) ? preferred : (group[0] ?? "en");
}

export const cleanSource = (value: string | undefined): string => (value ?? "").replace(/[^\w.-]/g, "").slice(0, 64);
export const asText = (value: unknown): string => (typeof value === "string" ? value.slice(0, 254) : "");

/** A well-formed referral code, or undefined (anything else is no code at all). */
export const referralCode = (value: unknown): string | undefined => {
  const parsed = referralCodeSchema.safeParse(typeof value === "string" ? value.trim() : value);
  return parsed.success ? parsed.data : undefined;
};

/** The register form's referral code could not be used: the page says why, and nothing was created. */
export class ReferralRefused extends Error {
  constructor(readonly reason: "unknown" | "archived") {
    super(`referral: ${reason}`);
  }
}

export const ATTRIBUTION_MS = REFERRAL_ATTRIBUTION_DAYS * DAY_MS;
export const VISITOR_MS = 365 * DAY_MS;

/** The user-facing text for a failed submission, its HTTP status, and why a password was too weak. */
export function failureOf(
  error: unknown,
  t: PageMessages,
): { status: number; message: string; passwordFeedback?: string[] } {
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

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const field = result.error.issues[0]?.path[0];
    throw new ApiError("bad_request", `${typeof field === "string" ? field : "body"}: invalid`);
  }
  return result.data;
}
