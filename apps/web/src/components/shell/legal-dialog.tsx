"use client";
import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { getLocale, type Locale } from "@affiliates/locales";
import { notReadyProps, useHydrated } from "@/lib/use-hydrated";

/** The legal dialog receives the locale and the current URL (requirements.md §2). */
export function LegalDialog({ locale }: { locale: Locale }) {
  const t = useTranslations("legal");
  const tf = useTranslations("footer");
  const dialog = useRef<HTMLDialogElement>(null);
  const [url, setUrl] = useState("");
  const hydrated = useHydrated();

  const open = () => {
    setUrl(window.location.href);
    dialog.current?.showModal();
  };

  return (
    <>
      <button type="button" className="link-button" onClick={open} {...notReadyProps(hydrated)}>
        {tf("legal")}
      </button>
      <dialog ref={dialog} className="legal-dialog" aria-labelledby="legal-title">
        <h2 id="legal-title">{t("title")}</h2>
        <p>{t("intro", { language: getLocale(locale).languageName })}</p>
        <p>{t("body")}</p>
        <p className="legal-url">
          <span>{t("pageUrl")}: </span>
          <bdi data-testid="legal-url">{url}</bdi>
        </p>
        <form method="dialog">
          <button type="submit" className="button button-primary">
            {t("close")}
          </button>
        </form>
      </dialog>
    </>
  );
}
