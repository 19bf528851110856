"use client";
import { useTranslations } from "next-intl";

interface Props {
  /** Runs the failed call again (ahooks' `refresh` / `run`). */
  onRetry: () => void;
  /** What could not be loaded, already translated; a generic sentence when absent. */
  message?: string;
}

/** Shown in place of data whose call failed: what happened and a button that tries again. */
export function LoadFailed({ onRetry, message }: Props) {
  const t = useTranslations("status");
  return (
    <div className="load-failed" role="alert" data-testid="load-failed">
      <p>{message ?? t("loadFailed")}</p>
      <button type="button" className="button button-ghost" onClick={onRetry} data-testid="load-retry">
        {t("retry")}
      </button>
    </div>
  );
}
