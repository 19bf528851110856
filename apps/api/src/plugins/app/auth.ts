import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoginRequest, RegisterRequest } from "@affiliates/contracts";
import { ApiError } from "../../lib/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/password";
import { assertStrongPassword } from "../../lib/password-strength";
import { SESSION_HINT_COOKIE } from "@affiliates/contracts";
import { SESSION_COOKIE } from "./sessions-repository";

export interface LoginThrottleOptions {
  /** Failures per account and IP before that pair is locked for the window. */
  perAccount: number;
  /** Failures per IP, across accounts, before that IP is locked for the window. */
  perIp: number;
  windowMs: number;
  /** Failures per account, from any IPs, after which it is slowed down (never locked). */
  slowdownAfter: number;
}

/** The slowed-down account's delays: 1 s after the `slowdownAfter`-th failure, doubling, at most 60 s. */
export const SLOWDOWN_BASE_MS = 1000;
export const SLOWDOWN_MAX_MS = 60_000;

const normalisedEmail = (email: string) => email.trim().toLowerCase();
export const throttleKeys = {
  /** The lock: one account tried from one IP (a stranger's failures elsewhere do not lock the owner out). */
  pair: (email: string, ip: string) => `login:pair:${normalisedEmail(email)}|${ip}`,
  ip: (ip: string) => `login:ip:${ip}`,
  /** The slow-down: every IP's failures on the account. */
  account: (email: string) => `login:account:${normalisedEmail(email)}`,
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

declare module "fastify" {
  interface FastifyInstance {
    auth: {
      /** Checks the throttles and the password; throws ApiError (429 or invalid_credentials). Returns the user id. */
      login(input: LoginRequest, ip: string): Promise<string>;
      /** Creates the account; throws ApiError weak_password (400) or ApiError email_taken. Returns the user id. */
      register(input: RegisterRequest): Promise<string>;
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
      async login(input: LoginRequest, ip: string): Promise<string> {
        // Each attempt is reserved (counted) before the password is checked, so parallel attempts cannot all slip
        // under a limit; a reservation that turns out not to be a failure is taken back.
        const pairKey = throttleKeys.pair(input.email, ip);
        const ipKey = throttleKeys.ip(ip);
        const accountKey = throttleKeys.account(input.email);
        const pair = await store.hit(pairKey, throttle.windowMs);
        if (pair.count > throttle.perAccount) throw throttled(pair.resetInMs);
        const byIp = await store.hit(ipKey, throttle.windowMs);
        if (byIp.count > throttle.perIp) {
          await store.unhit(pairKey);
          throw throttled(byIp.resetInMs);
        }
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
        const release = () => Promise.all([store.unhit(ipKey), store.unpace(accountKey)]);
        let userId: string | undefined;
        try {
          const user = await app.users.findByEmail(input.email);
          const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
          userId = user && ok ? user.user_id : undefined;
        } catch (error) {
          await Promise.all([store.unhit(pairKey), release()]);
          throw error;
        }
        // A failure keeps its reservations.
        if (!userId) throw new ApiError("invalid_credentials");
        await Promise.all([store.reset(pairKey), release()]);
        return userId;
      },

      async register(input: RegisterRequest): Promise<string> {
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
        return user.user_id;
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
  { name: "auth", dependencies: ["users-repository", "sessions-repository", "risk-repository", "redis", "cookie"] },
);
