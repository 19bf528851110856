"use client";
import { useTranslations } from "next-intl";
import { useTheme } from "@/components/providers/theme-context";
import { TRACKING_IDS } from "@/lib/tracking-ids";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";

/**
 * The theme switch: an icon button in the wide header; `labelled`, a full-width row naming the action (menu sheet);
 * `footer`, a button naming the action in the footer's settings.
 */
export function ThemeToggle({ labelled = false, footer = false }: { labelled?: boolean; footer?: boolean }) {
  const t = useTranslations("theme");
  const { theme, toggle } = useTheme();
  const hydrated = useHydrated();
  const dark = theme === "Black";
  const label = dark ? t("toLight") : t("toDark");
  return (
    <button
      type="button"
      className={
        footer ? "footer-theme-toggle footer-control" : labelled ? "theme-toggle sheet-row" : "icon-button theme-toggle"
      }
      data-track-id={TRACKING_IDS.themeToggle}
      onClick={toggle}
      aria-label={labelled || footer ? undefined : label}
      aria-pressed={dark}
      {...notReadyProps(hydrated)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        {dark ? (
          <path d="M12 3v2M12 19v2M3 12h2M19 12h2M5.6 5.6l1.4 1.4M17 17l1.4 1.4M5.6 18.4 7 17M17 7l1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
        ) : (
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
        )}
      </svg>
      {labelled && <span className="sheet-row-label">{label}</span>}
      {footer && <span>{label}</span>}
    </button>
  );
}
