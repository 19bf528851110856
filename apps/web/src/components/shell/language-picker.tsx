"use client";
import { startTransition, useState } from "react";
import { useTranslations } from "next-intl";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LOCALES,
  getLocale,
  localePath,
  type Locale,
} from "@affiliates/locales";
import { setCookie } from "@/lib/storage";
import { pageFromPathname } from "@/lib/page-path";
import { useHydrated } from "@/lib/use-hydrated";
import { useDisclosureMenu } from "./use-disclosure-menu";

/** The same page and query under the target locale's prefix, plus the `language` parameter (requirements.md §2). */
export function languageHref(target: Locale, page: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete("languageType");
  query.set("language", getLocale(target).languageKey);
  return `${localePath(target, page)}?${query.toString()}`;
}

/** The short code shown on the wide header's button ("EN", "PT"): the full name is in the list and the button's name. */
const shortCode = (locale: Locale) => locale.slice(0, 2).toUpperCase();

interface Props {
  locale: Locale;
  page: string;
  /**
   * `popover` (wide header): a globe button with the language's code, the list in a popover at its inline end.
   * `sheet` (menu sheet): a full-width row naming the language; opened, the list fills the sheet below its bar.
   * `footer`: a button naming the language; the list opens above it.
   */
  variant?: "popover" | "sheet" | "footer";
}

export function LanguagePicker({ locale, page, variant = "popover" }: Props) {
  const t = useTranslations("language");
  const current = getLocale(locale);
  const { ref: menuRef, onKeyDown: onMenuKeyDown } = useDisclosureMenu<HTMLDetailsElement>();
  // Its links keep the page's query (`?ref=` …) only through their handler: until it is attached the picker does not
  // open, and says so (issue 37), rather than lose the query.
  const hydrated = useHydrated();
  const notReady = hydrated ? {} : ({ "aria-disabled": true, tabIndex: -1, "data-hydrating": "" } as const);
  // The 31 links are made when the list is first opened (a tap, Enter or Space on the summary clicks it), not with the
  // page: a page has two or three pickers, and their lists were a quarter of its elements to parse and hydrate (issue
  // 36: TBT). Before hydration the summary does not open, so no visitor sees the list empty. They are made in a
  // transition: the tap's frame (the list opening) paints first, the links follow in React's short slices (INP). Opened
  // from the keyboard (Enter or Space: a click with no pointer, `detail` 0) they are made at once, so the Tab that
  // follows finds them rather than the control after the list.
  const [listed, setListed] = useState(false);
  const list = (event: React.MouseEvent) => {
    if (event.detail === 0) setListed(true);
    else startTransition(() => setListed(true));
  };

  const choose = (event: React.MouseEvent<HTMLAnchorElement>, target: Locale) => {
    event.preventDefault();
    setCookie(LANGUAGE_COOKIE, target, LANGUAGE_COOKIE_MAX_AGE_S);
    window.location.replace(languageHref(target, pageFromPathname(window.location.pathname), window.location.search));
  };

  const globe = (
    <span aria-hidden="true" className="icon-globe">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
    </span>
  );

  const chevron = (
    <svg
      aria-hidden="true"
      className="chevron"
      viewBox="0 0 12 12"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d="m3 4.5 3 3 3-3" />
    </svg>
  );

  return (
    // The footer's picker has classes of its own: `.language-picker` names the header's.
    <details
      className={
        variant === "footer" ? "menu footer-language-picker" : `menu language-picker language-picker-${variant}`
      }
      ref={menuRef}
      onKeyDown={onMenuKeyDown}
    >
      {variant === "footer" ? (
        <summary data-testid="footer-language-button" onClick={list} {...notReady}>
          {globe}
          <span className="visually-hidden">{t("label")}: </span>
          <span lang={current.htmlLang} dir={current.dir}>
            {current.languageName}
          </span>
          {chevron}
        </summary>
      ) : variant === "sheet" ? (
        <summary data-testid="language-button" onClick={list} {...notReady}>
          {globe}
          <span className="sheet-row-label">{t("label")}</span>
          <span className="sheet-row-value" lang={current.htmlLang} dir={current.dir}>
            {current.languageName}
          </span>
          {chevron}
        </summary>
      ) : (
        <summary data-testid="language-button" onClick={list} {...notReady}>
          <span className="visually-hidden">{t("current", { name: current.languageName })}</span>
          {globe}
          <span aria-hidden="true" className="language-code">
            {shortCode(locale)}
          </span>
        </summary>
      )}
      <ul
        className={`menu-list ${variant === "footer" ? "footer-language-list" : "language-list"}`}
        data-testid={variant === "footer" ? "footer-language-list" : "language-list"}
        aria-label={t("label")}
      >
        {(listed ? LOCALES : []).map((entry) => (
          <li key={entry.locale}>
            <a
              href={languageHref(entry.locale, page, "")}
              hrefLang={entry.htmlLang}
              lang={entry.htmlLang}
              dir={entry.dir}
              aria-current={entry.locale === locale ? "true" : undefined}
              onClick={(event) => choose(event, entry.locale)}
            >
              {entry.languageName}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
