"use client";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useDocumentVisibility, useInterval } from "ahooks";
import { useFormatter, useTranslations } from "next-intl";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import styles from "./dashboard.module.css";

/** How often the dashboard's figures are fetched again while the page is visible (issue 34: not a minute late). */
export const DESK_REFRESH_MS = 20_000;

interface DeskRefresh {
  /** Bumped on every refresh: the sections' refreshDeps, so they all fetch in the same refresh. */
  tick: number;
  refresh: () => void;
  /** When a section's figures last arrived (epoch ms), null before the first. */
  updatedAt: number | null;
  markUpdated: () => void;
}

const DeskRefreshContext = createContext<DeskRefresh | null>(null);

/**
 * One refresh for the whole dashboard (issue 34): every section fetches on the same tick (every 20 s while the page is
 * visible, on the refresh button, when the page is shown again), so two figures of one screen — the balance's pending
 * and the summary's — come from the same refresh, and the freshness line says when it last landed.
 */
export function DeskRefreshProvider({ children }: { children: ReactNode }) {
  const [tick, setTick] = useState(0);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const visibility = useDocumentVisibility();
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  useInterval(refresh, visibility === "hidden" ? undefined : DESK_REFRESH_MS);
  const markUpdated = useCallback(() => setUpdatedAt(Date.now()), []);
  const value = useMemo(() => ({ tick, refresh, updatedAt, markUpdated }), [tick, refresh, updatedAt, markUpdated]);
  return <DeskRefreshContext.Provider value={value}>{children}</DeskRefreshContext.Provider>;
}

/**
 * useApi options of a live dashboard figure: refreshed on the desk's shared tick (and its own `deps`), marking the
 * freshness when it lands. Outside the desk (another page) the section polls on its own (LIVE_REFRESH).
 */
export function useDeskLive(deps: readonly unknown[]) {
  const desk = useContext(DeskRefreshContext);
  if (!desk) return { ...LIVE_REFRESH, refreshDeps: [...deps] };
  const { pollingInterval: _own, ...shared } = LIVE_REFRESH;
  return { ...shared, refreshDeps: [...deps, desk.tick], onSuccess: desk.markUpdated };
}

export const useDeskRefresh = () => useContext(DeskRefreshContext);

/** "Updated 12 seconds ago" (the page's language, ticking every second) and a button that refreshes every section. */
export function Freshness() {
  const desk = useContext(DeskRefreshContext);
  const t = useTranslations("affiliateDashboard.desk");
  const format = useFormatter();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1000);
  if (!desk) return null;
  const at = desk.updatedAt;
  return (
    <p className={styles.freshness} data-testid="desk-freshness" data-updated-at={at ?? undefined}>
      <span aria-live="off">
        {at === null ? t("updating") : t("updated", { ago: format.relativeTime(at, Math.max(now, at)) })}
      </span>{" "}
      <button
        type="button"
        className={`button button-ghost ${styles.refreshButton}`}
        onClick={desk.refresh}
        data-testid="desk-refresh"
      >
        {t("refresh")}
      </button>
    </p>
  );
}
