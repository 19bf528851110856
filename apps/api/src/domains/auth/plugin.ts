import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoginRequest, RegisterRequest } from "@affiliates/contracts";
import { ApiError } from "../../platform/http/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";
import { assertStrongPassword } from "./password-strength";
import { clientKey } from "../../platform/http/client-key";
import type { LoginSource } from "./known-sources-repository";
import { SESSION_HINT_COOKIE } from "@affiliates/contracts";
import { SESSION_COOKIE } from "./sessions-repository";

export interface LoginThrottleOptions {
  /** Failures per account and IP before that pair is locked for the window. */
  perAccount: number;
  /** Failures per IP, across accounts, before that IP is locked for the window. */
  perIp: number;
  windowMs: number;
  /**
   * Failures per account from sources it has never logged in from, after which such sources are slowed down (never
   * locked); a device or IP the account has logged in from before is not.
   */
  slowdownAfter: number;
  /** Registration attempts per client IP (an IPv6 /64) in a window. */
  registerLimit: { max: number; timeWindowMs: number };
  /** Sign-ups with a referral code and inviter bindings per client IP (an IPv6 /64) in a window. */
  referralSignupLimit: { max: number; timeWindowMs: number };
}

/** The slowed-down account's delays: 1 s after the `slowdownAfter`-th failure, doubling, at most 60 s. */
export const SLOWDOWN_BASE_MS = 1000;
export const SLOWDOWN_MAX_MS = 60_000;

const normalisedEmail = (email: string) => email.trim().toLowerCase();
/** Every IP in these keys is its client key: an IPv6 address counts by its /64 (platform/http/client-key.ts). */
export const throttleKeys = {
  /** The lock: one account tried from one IP (a stranger's failures elsewhere do not lock the owner out). */
  pair: (email: string, ip: string) => `login:pair:${normalisedEmail(email)}|${clientKey(ip)}`,
  ip: (ip: string) => `login:ip:${clientKey(ip)}`,
  /** The slow-down: the failures on the account from sources it has not logged in from. */
  account: (email: string) => `login:account:${normalisedEmail(email)}`,
  register: (ip: string) => `register:ip:${clientKey(ip)}`,
  referralSignup: (ip: string) => `referral-signup:ip:${clientKey(ip)}`,
};

/** Over https (directly or as told by the proxy) the cookie is Secure. */
export function isHttps(request: FastifyRequest): boolean {
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return request.protocol === "https" || first === "https";
}

const cookieOptions = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: "lax", path: "/", secure: isHttps(request) }) as const;

/** The session cookie and its readable hint leave together. */
function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  reply.clearCookie(SESSION_HINT_COOKIE, { ...cookieOptions(request), httpOnly: false });
}

function throttled(resetInMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
  return new ApiError(
    "rate_limited",
    `Too many failed logins, try again in ${minutes} minute${minutes > 1 ? "s" : ""}`,
    {
      headers: { "retry-after": String(Math.ceil(resetInMs / 1000)) },
    },
  );
}

function slowedDown(retryInMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryInMs / 1000));
  return new ApiError(
    "rate_limited",
    `Too many failed logins on this account, try again in ${seconds} second${seconds > 1 ? "s" : ""}`,
    {
      headers: { "retry-after": String(seconds) },
    },
  );
}

function tooManyFrom(what: string, resetInMs: number): ApiError {
  const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
  return new ApiError(
    "rate_limited",
    `Too many ${what} from this address, try again in ${minutes} minute${minutes > 1 ? "s" : ""}`,
    { headers: { "retry-after": String(Math.max(1, Math.ceil(resetInMs / 1000))) } },
  );
}

declare module "fastify" {
  interface FastifyInstance {
    auth: {
      /** Checks the throttles and the password; throws ApiError (429 or invalid_credentials). Returns the user id. */
      login(input: LoginRequest, source: LoginSource): Promise<string>;
      /**
       * Creates the account (its source becomes a known one); throws ApiError rate_limited (429, too many from this
       * IP), weak_password (400) or email_taken. Returns the user id.
       */
      register(input: RegisterRequest, source: LoginSource): Promise<string>;
      /**
       * Counts a sign-up with a referral code (or an inviter binding) against the client IP's limit; throws ApiError
       * rate_limited (429) past it. Returns the undo, for an attempt that created nothing.
       */
      reserveReferralSignup(ip: string): Promise<() => Promise<void>>;
      /** Opens a session and sets the refresh_token cookie. */
      startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      /** Deletes the session of the request (if any) and clears the cookie. */
      endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** The logged-in user id; throws no_session (00004) without a cookie and invalid_token (00005) for a bad or expired one. */
      requireUserId(request: FastifyRequest, reply: FastifyReply): Promise<string>;
      /** The logged-in user id, or "" for anonymous and invalid sessions. */
      optionalUserId(request: FastifyRequest): Promise<string>;
    };
  }
}

export default fp<LoginThrottleOptions>(
  (app, throttle, done) => {
    const store = app.counterStore;

    app.decorate("auth", {
      async login(input: LoginRequest, source: LoginSource): Promise<string> {
        // Each attempt is reserved (counted) before the password is checked, so parallel attempts cannot all slip
        // under a limit; a reservation that turns out not to be a failure is taken back.
        const pairKey = throttleKeys.pair(input.email, source.ip);
        const ipKey = throttleKeys.ip(source.ip);
        const accountKey = throttleKeys.account(input.email);
        const pair = await store.hit(pairKey, throttle.windowMs);
        if (pair.count > throttle.perAccount) throw throttled(pair.resetInMs);
        const byIp = await store.hit(ipKey, throttle.windowMs);
        if (byIp.count > throttle.perIp) {
          await store.unhit(pairKey);
          throw throttled(byIp.resetInMs);
        }
        let user: Awaited<ReturnType<typeof app.users.findByEmail>>;
        let known: boolean;
        try {
          user = await app.users.findByEmail(input.email);
          known = user ? await app.knownSources.isKnown(user.user_id, source) : false;
        } catch (error) {
          await Promise.all([store.unhit(pairKey), store.unhit(ipKey)]);
          throw error;
        }
        // The account's slow-down holds back only sources it has never logged in from: strangers' failures slow
        // strangers, and the owner on a device or network they have used before gets in (the pair and IP locks above
        // still stop guessing from anywhere).
        if (!known) {
          const paced = await store.pace(accountKey, {
            windowMs: throttle.windowMs,
            after: throttle.slowdownAfter,
            baseDelayMs: SLOWDOWN_BASE_MS,
            maxDelayMs: SLOWDOWN_MAX_MS,
          });
          if (!paced.allowed) {
            await Promise.all([store.unhit(pairKey), store.unhit(ipKey)]);
            throw slowedDown(paced.retryInMs);
          }
        }
        const release = () => Promise.all([store.unhit(ipKey), known ? undefined : store.unpace(accountKey)]);
        let userId: string | undefined;
        try {
          const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
          userId = user && ok ? user.user_id : undefined;
        } catch (error) {
          await Promise.all([store.unhit(pairKey), release()]);
          throw error;
        }
        // A failure keeps its reservations.
        if (!userId) throw new ApiError("invalid_credentials");
        await Promise.all([store.reset(pairKey), release(), app.knownSources.remember(userId, source)]);
        return userId;
      },

      async register(input: RegisterRequest, source: LoginSource): Promise<string> {
        // Counted before the strength check, so one client can neither mint accounts nor keep the checker busy.
        const attempts = await store.hit(throttleKeys.register(source.ip), throttle.registerLimit.timeWindowMs);
        if (attempts.count > throttle.registerLimit.max) throw tooManyFrom("registrations", attempts.resetInMs);
        await assertStrongPassword(input.password, input.email);
        const passwordHash = await hashPassword(input.password);
        const local = input.email.toLowerCase().split("@")[0] ?? input.email;
        const user = await app.users.create({
          email: input.email,
          passwordHash,
          mobile: input.mobile?.trim() ?? null,
          userName: local,
        });
        if (!user) throw new ApiError("email_taken");
        await app.knownSources.remember(user.user_id, source);
        return user.user_id;
      },

      async reserveReferralSignup(ip) {
        const key = throttleKeys.referralSignup(ip);
        const signups = await store.hit(key, throttle.referralSignupLimit.timeWindowMs);
        if (signups.count > throttle.referralSignupLimit.max) {
          await store.unhit(key);
          throw tooManyFrom("sign-ups with a referral code", signups.resetInMs);
        }
        return () => store.unhit(key);
      },

      async startSession(request, reply, userId) {
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await app.sessions.delete(previous);
        const { token } = await app.sessions.create(userId);
        // Where and on which device the user logs in or registers: what risk checks compare (README "Risk checks").
        await app.risk.recordSighting(userId, request.ip, request.deviceFingerprint, request.deviceToken);
        const maxAge = Math.floor(app.sessions.ttlMs / 1000);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge });
        reply.setCookie(SESSION_HINT_COOKIE, "1", { ...cookieOptions(request), httpOnly: false, maxAge });
      },

      async endSession(request, reply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await app.sessions.delete(token);
        clearSessionCookies(request, reply);
      },

      async requireUserId(request, reply) {
        const token = request.cookies[SESSION_COOKIE];
        if (!token) throw new ApiError("no_session");
        const userId = await app.sessions.userIdOf(token);
        if (!userId) {
          clearSessionCookies(request, reply);
          throw new ApiError("invalid_token");
        }
        return userId;
      },

      async optionalUserId(request) {
        const token = request.cookies[SESSION_COOKIE];
        return (token && (await app.sessions.userIdOf(token))) || "";
      },
    });
    done();
  },
  {
    name: "auth",
    dependencies: [
      "users-repository",
      "sessions-repository",
      "known-sources-repository",
      "risk-repository",
      "redis",
      "cookie",
    ],
  },
);
