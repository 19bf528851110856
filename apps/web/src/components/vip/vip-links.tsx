"use client";
import { useTranslations } from "next-intl";
import { BusinessLine, type DeepLinkParams, type DeepLinkTarget } from "@affiliates/bridge";
import { DeepLinkAnchor } from "@/components/deep-links/deep-link-anchor";
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
    <DeepLinkAnchor
      className={`${className} ${styles.thumb}`}
      target={link.target}
      params={link.params}
      data-track-id={VIP_TRACKING_IDS.vipLink}
      data-track-name={name}
    >
      {label ?? t(name)}
    </DeepLinkAnchor>
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
