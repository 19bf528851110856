import { AffiliateResponseCode, ResponseCode, VipResponseCode } from "@affiliates/contracts";
import type { ZodError } from "zod";

/**
 * Every failure the API answers with, in one table (dub's error-codes.ts): its HTTP status, the envelope code the
 * clients read (the web app and the e2e tests match these exact strings) and the default message. Throw one by name:
 * `new ApiError("card_quota_exceeded", "cards: …")`.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, code: ResponseCode.badRequest, msg: "Bad request" },
  /** A register password zxcvbn scores below 3 (a field error like any other 400: the web registers nobody). */
  weak_password: { status: 400, code: ResponseCode.badRequest, msg: "password: too easy to guess" },
  no_session: { status: 401, code: ResponseCode.noSession, msg: "Not logged in" },
  invalid_token: { status: 401, code: ResponseCode.tokenInvalid, msg: "Session is invalid or has expired" },
  invalid_credentials: { status: 401, code: ResponseCode.invalidCredentials, msg: "Incorrect email or password" },
  forbidden: { status: 403, code: ResponseCode.forbidden, msg: "Forbidden" },
  /**
   * A missing, malformed, unknown or expired `dy-token` (requirements.md §8's "illegal token" 22001). 00005 stays the session's
   * code, so a client seeing 22001 knows to refresh its device token, not to log in again.
   */
  device_token_refused: { status: 403, code: ResponseCode.deviceTokenRequired, msg: "dy-token: missing" },
  /** The user's VIP level is below the campaign's required level. */
  vip_level_too_low: { status: 403, code: VipResponseCode.levelTooLow, msg: "campaign: your VIP level is too low" },
  not_found: { status: 404, code: ResponseCode.notFound, msg: "Not found" },
  method_not_allowed: { status: 405, code: ResponseCode.methodNotAllowed, msg: "Method not allowed" },
  email_taken: { status: 409, code: ResponseCode.emailTaken, msg: "email: this address is already registered" },
  application_exists: {
    status: 409,
    code: AffiliateResponseCode.applicationExists,
    msg: "application: you already have an application",
  },
  link_code_taken: { status: 409, code: AffiliateResponseCode.linkCodeTaken, msg: "code: this code is taken" },
  card_quota_exceeded: {
    status: 409,
    code: AffiliateResponseCode.cardQuotaExceeded,
    msg: "cards: this month's quota is used up",
  },
  already_affiliate: {
    status: 409,
    code: AffiliateResponseCode.alreadyAffiliate,
    msg: "invitation: you already are an affiliate",
  },
  card_not_claimable: { status: 409, code: AffiliateResponseCode.cardNotClaimable, msg: "card: cannot be claimed" },
  application_decided: {
    status: 409,
    code: AffiliateResponseCode.applicationDecided,
    msg: "application: already decided",
  },
  payout_below_minimum: {
    status: 409,
    code: AffiliateResponseCode.payoutBelowMinimum,
    msg: "amount: below the minimum payout",
  },
  self_referral: { status: 409, code: AffiliateResponseCode.selfReferral, msg: "code: you cannot be your own inviter" },
  link_archived: { status: 409, code: AffiliateResponseCode.linkArchived, msg: "code: this referral link is archived" },
  inviter_fixed: { status: 409, code: AffiliateResponseCode.inviterFixed, msg: "code: you already have an inviter" },
  /** Self-referral by a strong signal (the inviter's session or device): README "Risk checks". */
  same_account_holder: {
    status: 409,
    code: AffiliateResponseCode.sameAccountHolder,
    msg: "code: this looks like the inviter's own account",
  },
  risk_flag_resolved: {
    status: 409,
    code: AffiliateResponseCode.riskFlagResolved,
    msg: "id: this flag is already resolved",
  },
  invitation_closed: { status: 409, code: AffiliateResponseCode.invitationClosed, msg: "invitation: no longer open" },
  terms_mismatch: {
    status: 409,
    code: AffiliateResponseCode.termsMismatch,
    msg: "rateBps: does not match the offer's terms",
  },
  invitation_expired: { status: 409, code: AffiliateResponseCode.invitationExpired, msg: "invitation: expired" },
  airdrop_not_live: { status: 409, code: VipResponseCode.airdropNotLive, msg: "campaign: not live" },
  payload_too_large: { status: 413, code: ResponseCode.payloadTooLarge, msg: "body: the request body is too large" },
  unsupported_media_type: {
    status: 415,
    code: ResponseCode.unsupportedMediaType,
    msg: "content-type: unsupported media type, send application/json",
  },
  /** Request headers over the server's limit (Node's parser refuses them before any route: methods.ts). */
  headers_too_large: { status: 431, code: ResponseCode.headersTooLarge, msg: "headers: too large" },
  rate_limited: { status: 429, code: ResponseCode.rateLimited, msg: "Too many requests, try again later" },
  internal: { status: 500, code: ResponseCode.internal, msg: "Internal server error" },
} as const satisfies Record<string, { status: number; code: string; msg: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** zxcvbn-ts's feedback on a guessable password, as translation keys for whoever shows it. */
export interface PasswordFeedback {
  /** The warning's key (e.g. `topTen`), or undefined when it gives none. */
  warning: string | undefined;
  /** The suggestions' keys (e.g. `anotherWord`). */
  suggestions: string[];
}

export interface ApiErrorOptions {
  /** Extra response headers (Allow, Retry-After). */
  headers?: Record<string, string>;
  /** weak_password: why, for the form page to translate. */
  feedback?: PasswordFeedback;
}

/** A failure the client is told about; `kind` names its row in ERROR_CODES, which gives its status and code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly feedback: PasswordFeedback | undefined;

  constructor(
    readonly kind: ErrorCode,
    msg?: string,
    options: ApiErrorOptions = {},
  ) {
    const entry = ERROR_CODES[kind];
    super(msg ?? entry.msg);
    this.name = "ApiError";
    this.status = entry.status;
    this.code = entry.code;
    this.headers = options.headers ?? {};
    this.feedback = options.feedback;
  }
}

/**
 * "email: Invalid email address" — the first issue, named by its path, or by where the input travels (`body`,
 * `query`, `params`) for the whole of it.
 */
export function describeZodError(error: ZodError, where: "body" | "query" | "params" = "body"): string {
  // An unknown field is named first: it usually explains the other issues (a misspelt key).
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  if (!issue) return `${where}: invalid input`;
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.join(", ");
    const at = issue.path.length ? issue.path.join(".") : where;
    return `${keys}: unknown field${issue.keys.length > 1 ? "s" : ""} in ${at}`;
  }
  const field = issue.path.length ? issue.path.map(String).join(".") : where;
  return `${field}: ${issue.message}`;
}

export function badRequestFromZod(error: ZodError): ApiError {
  return new ApiError("bad_request", describeZodError(error));
}
