"use client";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { ResponseCode, SESSION_HINT_COOKIE, type UserOverview } from "@affiliates/contracts";
import { isHttpError, RETRY_BACKOFF_CAP_MS } from "@affiliates/http";
import type { Locale } from "@affiliates/locales";
import { deriveUser, type DerivedUser } from "@/lib/derive-user";
import { api } from "@/lib/api";
import { STORAGE_KEYS } from "@/lib/constants";
import { removeStorage, writeStorage } from "@/lib/storage";
import { startTerminalIdentity } from "@/lib/terminal-identity";
import { nextTask } from "@/lib/next-task";
import {
  BRIDGE_DECIDES_TIMEOUT_MS,
  getAppInfo,
  goToLogin,
  isBridgeUsable,
  nativeAppReady,
  setSessionProbe,
} from "@/lib/native-app";

/** Login state of requirements.md §3. */
export interface SessionState {
  userInfo: UserOverview | null;
  userResult: DerivedUser | null;
  isLogin: boolean;
  /** The login state is known: logged in, or a definite "not logged in" (never after a failure that decides nothing). */
  complete: boolean;
  deviceId: string;
  terminalCode: string;
  /**
   * The last user-info call failed without deciding anything (network, time-out, 5xx): the user is kept as they were
   * (still logged in when they were), `complete` stays as it was, and the call is tried again.
   */
  failure: unknown;
}

interface SessionContextValue extends SessionState {
  /** Asks for user info again (after the app returns to the page, requirements.md §4, or the user's retry). */
  reload: () => Promise<SessionState>;
  /** A retry is under way (the failure notice says so). */
  retrying: boolean;
}

const INITIAL: SessionState = {
  userInfo: null,
  userResult: null,
  isLogin: false,
  complete: false,
  deviceId: "",
  terminalCode: "",
  failure: null,
};
const SessionContext = createContext<SessionContextValue>({
  ...INITIAL,
  reload: () => Promise.resolve(INITIAL),
  retrying: false,
});

export const useSession = () => useContext(SessionContext);

const hasCookie = (name: string) => document.cookie.split("; ").some((pair) => pair.startsWith(`${name}=`));

/**
 * A session may exist here (the readable session-hint cookie, or the native app): until it is known, nothing may be
 * shown that depends on who the user is. Browser only (call it after hydration).
 */
export const sessionMayExist = (): boolean => hasCookie(SESSION_HINT_COOKIE) || getAppInfo().inApp;

/** The spec's session codes (§8): only these answers say "not logged in"; anything else decides nothing. */
const NOT_LOGGED_IN_CODES: readonly string[] = [ResponseCode.noSession, ResponseCode.tokenInvalid];
export const meansNotLoggedIn = (error: unknown): boolean =>
  isHttpError(error) && NOT_LOGGED_IN_CODES.includes(error.code);

/** The first retry after a failure waits 1 s, each next one twice as long, never more than requirements.md §9's 30 s. */
export const sessionRetryDelay = (attempt: number): number => Math.min(1_000 * 2 ** attempt, RETRY_BACKOFF_CAP_MS);

/**
 * requirements.md §4 start-up: terminal code and stored fingerprint (a first visit computes none until a sensitive call
 * needs it: lib/terminal-identity.ts), then user info. Inside the app the app logs in its own way, so the
 * call goes through the bridge; on the web, and in an app whose bridge is gone (no native object, or a call that timed
 * out), no refresh-token cookie means not logged in, without asking the server. Only the session codes clear the
 * session: a failing network or server leaves `failure` set and decides nothing.
 */
async function loadSession(locale: Locale): Promise<SessionState> {
  // Not in the task where React runs the hydrated page's effects: the first read of the page's storage can take
  // several milliseconds, and that task is long enough already (issue 36's TBT).
  await nextTask();
  const { terminalCode, deviceId } = startTerminalIdentity();
  await nativeAppReady();
  const anonymous = (): SessionState => {
    removeStorage(STORAGE_KEYS.globalUserId);
    return { ...INITIAL, complete: true, deviceId, terminalCode };
  };
  const failed = (failure: unknown): SessionState => ({ ...INITIAL, deviceId, terminalCode, failure });
  const settle = (error: unknown): SessionState => (meansNotLoggedIn(error) ? anonymous() : failed(error));
  const fetchUser = async (viaBridge: boolean): Promise<SessionState> => {
    // Through the bridge, its own request time-out decides, so a silent app ends in the web check below, not a 408.
    const answer = await api.userInfo(
      { terminalCode, locale },
      viaBridge ? { timeoutMs: BRIDGE_DECIDES_TIMEOUT_MS } : undefined,
    );
    writeStorage(STORAGE_KEYS.globalUserId, answer.userInfo.userId);
    return {
      userInfo: answer,
      userResult: deriveUser(answer),
      isLogin: true,
      complete: true,
      deviceId,
      terminalCode,
      failure: null,
    };
  };
  const webCheck = async (): Promise<SessionState> =>
    hasCookie(SESSION_HINT_COOKIE) ? fetchUser(false).catch(settle) : anonymous();

  if (!isBridgeUsable()) return webCheck();
  try {
    return await fetchUser(true);
  } catch (error) {
    // The bridge went down while the call waited: the web decides, once (user info is only read, so asking again is safe).
    return isBridgeUsable() ? settle(error) : webCheck();
  }
}

/** A failed check keeps what was known: a logged-in user stays logged in (with the failure noted) until a code says otherwise. */
const keepKnown = (previous: SessionState, next: SessionState): SessionState =>
  next.failure !== null && previous.complete ? { ...previous, failure: next.failure } : next;

export function SessionProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [state, setState] = useState<SessionState>(INITIAL);
  const [retrying, setRetrying] = useState(false);
  const generation = useRef(0);
  const current = useRef<SessionState>(INITIAL);

  const reload = useCallback(async (): Promise<SessionState> => {
    const mine = ++generation.current;
    const loaded = await loadSession(locale);
    const next = keepKnown(current.current, loaded);
    if (mine === generation.current) {
      const firstAnswer = current.current === INITIAL;
      current.current = next;
      // The start-up's answer re-renders the header and every panel that waits for the login state. As a transition
      // React renders that in slices that yield to the browser, not as one long task while the page is still starting
      // (issue 36's TBT). Later answers (a retry, the app's login) follow what the user just did, so they are urgent.
      if (firstAnswer) startTransition(() => setState(next));
      else setState(next);
    }
    return next;
  }, [locale]);

  useEffect(() => {
    void reload();
    return () => {
      // The counter itself is what must change (not a copy): a late answer for an unmounted provider is dropped.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
  }, [reload]);

  // The app's login asks here whether the session changed (lib/native-app.ts).
  useEffect(
    () =>
      setSessionProbe({
        userId: () => current.current.userInfo?.userInfo.userId ?? null,
        check: async () => {
          const next = await reload();
          return next.failure !== null ? undefined : (next.userInfo?.userInfo.userId ?? null);
        },
      }),
    [reload],
  );

  // After a failure: again with a growing back-off while the page is visible, and at once when it is shown again.
  const failed = state.failure !== null;
  useEffect(() => {
    if (!failed) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = async () => {
      timer = undefined;
      if (document.visibilityState !== "visible") return;
      setRetrying(true);
      const next = await reload();
      setRetrying(false);
      if (!stopped && next.failure !== null) schedule();
    };
    const schedule = () => {
      if (stopped || timer !== undefined) return;
      timer = setTimeout(() => void run(), sessionRetryDelay(attempt++));
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible" || timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      void run();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [failed, reload]);

  const value = useMemo(() => ({ ...state, reload, retrying }), [state, reload, retrying]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * On pages that need a login: once the server has said "not logged in" (never after a failure), go to login (requirements.md §4).
 * On the web that is the login page; in the app its own login, opened once per page load: a user who cancels stays on
 * the page, whose panels then offer the login again.
 */
export function LoginGuard({ locale }: { locale: Locale }) {
  const { complete, isLogin } = useSession();
  const asked = useRef(false);
  useEffect(() => {
    if (!complete || isLogin) return;
    if (getAppInfo().inApp && isBridgeUsable()) {
      if (asked.current) return;
      asked.current = true;
    }
    void goToLogin(locale);
  }, [complete, isLogin, locale]);
  return null;
}
