import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoginRequest, RegisterRequest } from "@affiliates/contracts";
import { ApiError } from "../../lib/errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/password";
import { SESSION_HINT_COOKIE } from "@affiliates/contracts";
import { SESSION_COOKIE } from "./sessions-repository";

export interface LoginThrottleOptions {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

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
  return new ApiError("rate_limited", `Too many failed logins, try again in ${minutes} minute${minutes > 1 ? "s" : ""}`, {
    "retry-after": String(Math.ceil(resetInMs / 1000)),
  });
}

declare module "fastify" {
  interface FastifyInstance {
    auth: {
      /** Checks the throttles and the password; throws ApiError (429 or invalid_credentials). Returns the user id. */
      login(input: LoginRequest, ip: string): Promise<string>;
      /** Creates the account; throws ApiError email_taken. Returns the user id. */
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
        const [account, byIp] = await Promise.all([store.peek(accountKey(input.email)), store.peek(ipKey(ip))]);
        if (account.count >= throttle.perAccount) throw throttled(account.resetInMs);
        if (byIp.count >= throttle.perIp) throw throttled(byIp.resetInMs);
        const user = await app.users.findByEmail(input.email);
        const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
        if (!user || !ok) {
          await Promise.all([store.hit(accountKey(input.email), throttle.windowMs), store.hit(ipKey(ip), throttle.windowMs)]);
          throw new ApiError("invalid_credentials");
        }
        await store.reset(accountKey(input.email));
        return user.user_id;
      },

      async register(input: RegisterRequest): Promise<string> {
        const passwordHash = await hashPassword(input.password);
        const local = input.email.toLowerCase().split("@")[0] ?? input.email;
        const user = await app.users.create({ email: input.email, passwordHash, mobile: input.mobile?.trim() ?? null, userName: local });
        if (!user) throw new ApiError("email_taken");
        return user.user_id;
      },

      async startSession(request, reply, userId) {
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await app.sessions.delete(previous);
        const { token } = await app.sessions.create(userId);
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
  { name: "auth", dependencies: ["users-repository", "sessions-repository", "redis", "cookie"] },
);
