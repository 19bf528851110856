// Zod-free: read by the page's first-load code.
/** The httpOnly session cookie. */
export const SESSION_COOKIE = "refresh_token";
/**
 * A readable companion of the session cookie, set and cleared with it: it tells page scripts that a refresh token
 * exists (requirements.md §4) without exposing the token, so anonymous visitors make no user-info call that must fail.
 */
export const SESSION_HINT_COOKIE = "has_refresh_token";
