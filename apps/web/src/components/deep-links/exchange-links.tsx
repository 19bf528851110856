"use client";
import { useTranslations, type Messages } from "next-intl";
import { BusinessLine, type DeepLinkParams, type DeepLinkTarget } from "@affiliates/bridge";
import { localePath, type Locale } from "@affiliates/locales";
import { DEFAULT_DEPOSIT_COIN, DEFAULT_FUTURES_SYMBOL, DEFAULT_SPOT_PAIR } from "@/lib/constants";
import { PAGES } from "@/lib/pages";
import { TRACKING_IDS } from "@/lib/tracking-ids";
import { DeepLinkAnchor } from "./deep-link-anchor";

/** `key` names the link's texts under `explore` (`<key>.title`, `<key>.body`). */
type Link<T extends DeepLinkTarget = DeepLinkTarget> = {
  key: Exclude<keyof Messages["explore"], "title">;
  target: T;
  params: DeepLinkParams[T];
};

/** Where affiliates and their invitees go next on the exchange: each a deep link of requirements.md §2. */
function exchangeLinks(locale: Locale): Link[] {
  return [
    { key: "trade", target: "coinPage", params: { ...DEFAULT_SPOT_PAIR, type: "spot", spotLine: BusinessLine.spot } },
    {
      key: "futures",
      target: "contract",
      params: { symbolId: DEFAULT_FUTURES_SYMBOL, bizLine: BusinessLine.usdtContract },
    },
    { key: "deposit", target: "deposit", params: { ...DEFAULT_DEPOSIT_COIN } },
    { key: "coupons", target: "couponCenter", params: { tab: "available" } },
    { key: "earn", target: "savings", params: {} },
    { key: "assets", target: "financialAssets", params: { type: "overview" } },
    { key: "fees", target: "h5Router", params: { url: localePath(locale, PAGES.fee.path) } },
  ] satisfies Link[];
}

export function ExchangeLinks({ locale }: { locale: Locale }) {
  const t = useTranslations("explore");
  return (
    <section className="section" aria-labelledby="explore-title">
      <h2 id="explore-title">{t("title")}</h2>
      <ul className="link-grid">
        {exchangeLinks(locale).map((link) => (
          <li key={link.key}>
            <DeepLinkAnchor
              className="card link-card"
              target={link.target}
              params={link.params}
              data-track-id={TRACKING_IDS.exploreLink}
              data-track-name={link.key}
            >
              <strong>{t(`${link.key}.title`)}</strong>
              <span>{t(`${link.key}.body`)}</span>
            </DeepLinkAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}
