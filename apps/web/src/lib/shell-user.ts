import type { DerivedUser } from "./derive-user";

/**
 * The user info the header and footer receive (requirements.md §2): passed on only when a userId exists. A logged-in answer
 * without one shows the shell as to a visitor rather than an account that cannot be named.
 */
export function shellUserOf(session: { isLogin: boolean; userResult: DerivedUser | null }): DerivedUser | null {
  const user = session.userResult;
  return session.isLogin && user && user.userId.trim() !== "" ? user : null;
}
