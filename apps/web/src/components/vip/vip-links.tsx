"use client";
import { useTranslations } from "next-intl";
import { BusinessLine, webFallbackUrl, type DeepLinkParams, type DeepLinkTarget } from "@affiliates/bridge";
import { followDeepLink, reportBridgeFailure } from "@/lib/native-app";
import { DEFAULT_DEPOSIT_COIN, DEFAULT_FUTURES_SYMBOL, DEFAULT_SPOT_PAIR } from "@/lib/constants";
import { VIP_TRACKING_IDS } from "./vip-tracking-ids";
import styles from "./vip.module.css";

export type VipLinkKey = "futures" | "spot" | "deposit" | "coupons" | "earn";
type Link<T extends DeepLinkTarget = DeepLinkTarget> = { target: T; params: DeepLinkParams[T] };

/** The exchange screens the VIP pages point at: native deep links inside the app, page navigations on the web. */
const LINKS: Record<VipLinkKey, Link> = {
  futures: { target: "contract", params: { symbolId: DEFAULT_FUTURES_SYMBOL, bizLine: BusinessLine.usdtContract } },
  spot: { target: "coinPage", params: { ...DEFAULT_SPOT_PAIR, type: "spot", spotLine: BusinessLine.spot } },
  deposit: { target: "deposit", params: { ...DEFAULT_DEPOSIT_COIN } },
  coupons: { target: "couponCenter", params: { tab: "available" } },
  earn: { target: "savings", params: {} },
};

const webHref = <T extends DeepLinkTarget>(link: Link<T>): string => webFallbackUrl(link.target, link.params);

/** One deep link as a real link (works without JavaScript on the web); the click goes through the bridge in the app. */
export function VipLink({
  name,
  className = "button button-ghost",
  label,
}: {
  name: VipLinkKey;
  className?: string;
  label?: string;
}) {
  const t = useTranslations("vipCommon.links");
  const link = LINKS[name];
  return (
    <a
      className={`${className} ${styles.thumb}`}
      href={webHref(link)}
      data-deep-link={link.target}
      data-track-id={VIP_TRACKING_IDS.vipLink}
      data-track-name={name}
      onClick={(event) => {
        event.preventDefault();
        followDeepLink(link.target, link.params).catch(reportBridgeFailure);
      }}
    >
      {label ?? t(name)}
    </a>
  );
}

export function VipLinks({ names }: { names: readonly VipLinkKey[] }) {
  return (
    <div className="cta">
      {names.map((name) => (
        <VipLink key={name} name={name} />
      ))}
    </div>
  );
}
