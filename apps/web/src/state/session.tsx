"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { SESSION_HINT_COOKIE, type UserOverview } from "@affiliates/contracts";
import type { Locale } from "@affiliates/locales";
import { deriveUser, type DerivedUser } from "@/lib/derive-user";
import { api } from "@/lib/api";
import { STORAGE_KEYS } from "@/lib/constants";
import { removeStorage, writeStorage } from "@/lib/storage";
import { ensureTerminalIdentity } from "@/lib/terminal-identity";
import { BRIDGE_DECIDES_TIMEOUT_MS, goToLogin, initNativeApp, isBridgeUsable } from "@/lib/native-app";

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

const INITIAL: SessionState = {
  userInfo: null,
  userResult: null,
  isLogin: false,
  complete: false,
  deviceId: "",
  terminalCode: "",
};
const SessionContext = createContext<SessionContextValue>({ ...INITIAL, reload: () => undefined });

export const useSession = () => useContext(SessionContext);

const hasCookie = (name: string) => document.cookie.split("; ").some((pair) => pair.startsWith(`${name}=`));

/**
 * Spec §4 start-up: terminal code and fingerprint, then user info. Inside the app the app logs in its own way, so the
 * call goes through the bridge; on the web, and in an app whose bridge is gone (no native object, or a call that timed
 * out), no refresh-token cookie means not logged in, without asking the server.
 */
async function loadSession(locale: Locale): Promise<SessionState> {
  const { terminalCode, deviceId } = await ensureTerminalIdentity();
  initNativeApp();
  const anonymous = (): SessionState => {
    removeStorage(STORAGE_KEYS.globalUserId);
    return { ...INITIAL, complete: true, deviceId, terminalCode };
  };
  const fetchUser = async (viaBridge: boolean): Promise<SessionState> => {
    // Through the bridge, its own request time-out decides, so a silent app ends in the web check below, not a 408.
    const answer = await api.userInfo(
      { terminalCode, locale },
      viaBridge ? { timeoutMs: BRIDGE_DECIDES_TIMEOUT_MS } : undefined,
    );
    writeStorage(STORAGE_KEYS.globalUserId, answer.userInfo.userId);
    return { userInfo: answer, userResult: deriveUser(answer), isLogin: true, complete: true, deviceId, terminalCode };
  };
  const webCheck = async (): Promise<SessionState> =>
    hasCookie(SESSION_HINT_COOKIE) ? fetchUser(false).catch(anonymous) : anonymous();

  if (!isBridgeUsable()) return webCheck();
  try {
    return await fetchUser(true);
  } catch {
    // The bridge went down while the call waited: the web decides, once (user info is only read, so asking again is safe).
    return isBridgeUsable() ? anonymous() : webCheck();
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
      // The counter itself is what must change (not a copy): a late answer for an unmounted provider is dropped.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
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
