"use client";
import { useTranslations } from "next-intl";
import { useSession } from "@/state/session";

/**
 * The user-info call failed without an answer about the session (network, time-out, 5xx): the page says so, keeps the
 * user as they were, tries again on its own (state/session.tsx) and offers a button to try now.
 */
export function SessionNotice() {
  const t = useTranslations("status");
  const { failure, isLogin, reload, retrying } = useSession();
  if (failure === null) return null;
  return (
    <div className="session-notice" role="alert" data-testid="session-failed">
      <p>{isLogin ? t("sessionStale") : t("sessionFailed")}</p>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => void reload()}
        disabled={retrying}
        data-testid="session-retry"
      >
        {retrying ? t("retrying") : t("retry")}
      </button>
    </div>
  );
}
