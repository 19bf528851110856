"use client";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { SESSION_HINT_COOKIE, type UserOverview } from "@affiliates/contracts";
import { loginPath, type Locale } from "@affiliates/locales";
import { deriveUser, type DerivedUser } from "@/lib/derive-user";
import { http } from "@/lib/http";
import { STORAGE_KEYS } from "@/lib/constants";
import { readStorage, removeStorage, writeStorage } from "@/lib/storage";
import { ensureTerminalIdentity } from "@/lib/terminal-identity";
import { isAppUserAgent } from "@/lib/app-detect";

/** Login state of spec §3. */
export interface SessionState {
  userInfo: UserOverview | null;
  userResult: DerivedUser | null;
  isLogin: boolean;
  complete: boolean;
  deviceId: string;
  terminalCode: string;
}

const INITIAL: SessionState = { userInfo: null, userResult: null, isLogin: false, complete: false, deviceId: "", terminalCode: "" };
const SessionContext = createContext<SessionState>(INITIAL);

export const useSession = () => useContext(SessionContext);

export const USER_INFO_PATH = "v1/user/overview/userinfo";

/** Where the login redirect goes from the current page (spec §2). */
export const currentLoginPath = (locale: Locale): string =>
  loginPath(locale, `${window.location.pathname}${window.location.search}`);

export function SessionProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [state, setState] = useState<SessionState>(INITIAL);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { terminalCode, deviceId } = await ensureTerminalIdentity();
      // Spec §4: on the web, no refresh-token cookie means not logged in, without asking the server.
      if (!isAppUserAgent(navigator.userAgent) && !hasCookie(SESSION_HINT_COOKIE)) {
        removeStorage(STORAGE_KEYS.globalUserId);
        if (!cancelled) setState({ ...INITIAL, complete: true, deviceId, terminalCode });
        return;
      }
      try {
        const answer = await http.post<UserOverview>(USER_INFO_PATH, { terminalCode, locale });
        writeStorage(STORAGE_KEYS.globalUserId, answer.userInfo.userId);
        if (!cancelled) {
          setState({ userInfo: answer, userResult: deriveUser(answer), isLogin: true, complete: true, deviceId, terminalCode });
        }
      } catch {
        removeStorage(STORAGE_KEYS.globalUserId);
        if (cancelled) return;
        setState({ ...INITIAL, complete: true, deviceId, terminalCode });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const value = useMemo(() => state, [state]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

const hasCookie = (name: string) => document.cookie.split("; ").some((pair) => pair.startsWith(`${name}=`));

/** The user id cached by the last successful user-info call (spec §3 local cache). */
export const cachedUserId = () => readStorage(STORAGE_KEYS.globalUserId);

/** On pages that need a login: once the user-info call has failed, go to the login page (spec §4). */
export function LoginGuard({ locale }: { locale: Locale }) {
  const { complete, isLogin } = useSession();
  useEffect(() => {
    if (complete && !isLogin) window.location.assign(currentLoginPath(locale));
  }, [complete, isLogin, locale]);
  return null;
}
