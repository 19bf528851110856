"use client";
import { useTranslations } from "next-intl";
import { BusinessLine, type DeepLinkParams, type DeepLinkTarget } from "@affiliates/bridge";
import { DeepLinkAnchor } from "@/components/deep-links/deep-link-anchor";
import { DEFAULT_FUTURES_SYMBOL } from "@/lib/constants";
import { TRACKING_IDS } from "@/lib/tracking-ids";

type Step<T extends DeepLinkTarget = DeepLinkTarget> = {
  key: "coupons" | "futures";
  target: T;
  params: DeepLinkParams[T];
};

/** Where a claimed card is used: the coupon centre and futures trading, as deep links (requirements.md §2) like the explore links. */
const NEXT_STEPS = [
  { key: "coupons", target: "couponCenter", params: { tab: "available" } },
  {
    key: "futures",
    target: "contract",
    params: { symbolId: DEFAULT_FUTURES_SYMBOL, bizLine: BusinessLine.usdtContract },
  },
] satisfies Step[];

export function ClaimNextSteps() {
  const t = useTranslations("explore");
  return (
    <ul className="link-grid" data-testid="claim-next-steps">
      {(NEXT_STEPS as Step[]).map((step) => (
        <li key={step.key}>
          <DeepLinkAnchor
            className="card link-card"
            target={step.target}
            params={step.params}
            data-track-id={TRACKING_IDS.exploreLink}
            data-track-name={`card-${step.key}`}
          >
            <strong>{t(`${step.key}.title`)}</strong>
            <span>{t(`${step.key}.body`)}</span>
          </DeepLinkAnchor>
        </li>
      ))}
    </ul>
  );
}
