"use client";
import type { ComponentType, ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { isHttpError } from "@affiliates/http";
import { isLocale } from "@affiliates/locales";
import { goToLogin } from "@/lib/native-app";
import { meansNotLoggedIn } from "@/state/session";
import { LoadFailed } from "./load-failed";

/** What `useEndpoint` / `useApi` hand back that `loadState` and `<LoadProblem>` read. */
export interface LoadResult<T> {
  data?: T | undefined;
  error?: Error | undefined;
  refresh: () => void;
}

/** The state a section is in: it shows exactly one of them, and only what it was told. */
export type LoadState = "loading" | "failed" | "notLoggedIn" | "notAllowed" | "empty" | "ready";

/** Which state a result is in (an answer already shown stays while a refresh fails: the refresh's toast says so). */
export function loadState<T>(result: LoadResult<T>, isEmpty?: (data: T) => boolean): LoadState {
  if (result.data !== undefined) return isEmpty?.(result.data) ? "empty" : "ready";
  if (result.error === undefined) return "loading";
  if (meansNotLoggedIn(result.error)) return "notLoggedIn";
  if (isHttpError(result.error) && result.error.code === "403") return "notAllowed";
  return "failed";
}

/** The result has no data and will not get any without something else happening: a failure, no login, no access. */
export const hasLoadProblem = <T,>(result: LoadResult<T>): boolean => {
  const state = loadState(result);
  return state === "failed" || state === "notLoggedIn" || state === "notAllowed";
};

/**
 * The problem state alone, for a section that lays out its own loading stand-in (the offer pages, whose figures come
 * in the HTML) and shows its content as it arrives: renders nothing unless `hasLoadProblem`.
 */
export function LoadProblem<T>({
  result,
  failed,
  notAllowed,
}: {
  result: LoadResult<T>;
  failed?: string | undefined;
  notAllowed?: ReactNode;
}) {
  switch (loadState(result)) {
    case "notLoggedIn":
      return <LoginRequired />;
    case "notAllowed":
      return <>{notAllowed ?? <NotAllowed />}</>;
    case "failed":
      return <LoadFailed onRetry={result.refresh} {...(failed ? { message: failed } : {})} />;
    default:
      return null;
  }
}

/**
 * A section drawn by `View` from a result (no data yet: the view's own ghosts), or, when the result has a load problem,
 * the problem in the section's place (the offer views asked for in the browser).
 */
export function ViewOrLoadProblem<T>({
  result,
  failed,
  View,
}: {
  result: LoadResult<T>;
  failed: string;
  View: ComponentType<{ data: T | undefined }>;
}) {
  if (hasLoadProblem(result)) {
    return (
      <div className="section">
        <LoadProblem result={result} failed={failed} />
      </div>
    );
  }
  return <View data={result.data} />;
}

function NotAllowed() {
  const t = useTranslations("status");
  return (
    <p className="card status-note" role="note" data-testid="not-allowed">
      {t("notAllowed")}
    </p>
  );
}

/** The server said "not logged in": a way to log in (in the app, the app's own login), never a status guessed. */
export function LoginRequired() {
  const t = useTranslations("status");
  const locale = useLocale();
  return (
    <div className="card status-note" role="note" data-testid="login-required">
      <p>{t("loginRequired")}</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          if (isLocale(locale)) void goToLogin(locale);
        }}
      >
        {t("logIn")}
      </button>
    </div>
  );
}
