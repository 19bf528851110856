"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { SESSION_HINT_COOKIE, type UserOverview } from "@affiliates/contracts";
import type { Locale } from "@affiliates/locales";
import { deriveUser, type DerivedUser } from "@/lib/derive-user";
import { http } from "@/lib/http";
import { STORAGE_KEYS } from "@/lib/constants";
import { removeStorage, writeStorage } from "@/lib/storage";
import { ensureTerminalIdentity } from "@/lib/terminal-identity";
import { goToLogin, initNativeApp } from "@/lib/native-app";

/** Login state of spec §3. */
export interface SessionState {
  userInfo: UserOverview | null;
  userResult: DerivedUser | null;
  isLogin: boolean;
  complete: boolean;
  deviceId: string;
  terminalCode: string;
}

interface SessionContextValue extends SessionState {
  /** Asks for user info again (after the app returns to the page, spec §4). */
  reload: () => void;
}

const INITIAL: SessionState = { userInfo: null, userResult: null, isLogin: false, complete: false, deviceId: "", terminalCode: "" };
const SessionContext = createContext<SessionContextValue>({ ...INITIAL, reload: () => undefined });

export const useSession = () => useContext(SessionContext);

export const USER_INFO_PATH = "v1/user/overview/userinfo";

const hasCookie = (name: string) => document.cookie.split("; ").some((pair) => pair.startsWith(`${name}=`));

/** Spec §4 start-up: terminal code and fingerprint, then user info unless the web visitor has no session cookie. */
async function loadSession(locale: Locale): Promise<SessionState> {
  const { terminalCode, deviceId } = await ensureTerminalIdentity();
  // On the web, no refresh-token cookie means not logged in, without asking the server. The app logs in its own way.
  if (!initNativeApp().inApp && !hasCookie(SESSION_HINT_COOKIE)) {
    removeStorage(STORAGE_KEYS.globalUserId);
    return { ...INITIAL, complete: true, deviceId, terminalCode };
  }
  try {
    const answer = await http.post<UserOverview>(USER_INFO_PATH, { terminalCode, locale });
    writeStorage(STORAGE_KEYS.globalUserId, answer.userInfo.userId);
    return { userInfo: answer, userResult: deriveUser(answer), isLogin: true, complete: true, deviceId, terminalCode };
  } catch {
    removeStorage(STORAGE_KEYS.globalUserId);
    return { ...INITIAL, complete: true, deviceId, terminalCode };
  }
}

export function SessionProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [state, setState] = useState<SessionState>(INITIAL);
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    void loadSession(locale).then((next) => {
      if (mine === generation.current) setState(next);
    });
  }, [locale]);

  useEffect(() => {
    reload();
    return () => {
      generation.current++; // a late answer for an unmounted provider is dropped
    };
  }, [reload]);

  const value = useMemo(() => ({ ...state, reload }), [state, reload]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** On pages that need a login: once the user-info call has failed, go to login (spec §4). */
export function LoginGuard({ locale }: { locale: Locale }) {
  const { complete, isLogin } = useSession();
  useEffect(() => {
    if (complete && !isLogin) void goToLogin(locale);
  }, [complete, isLogin, locale]);
  return null;
}
