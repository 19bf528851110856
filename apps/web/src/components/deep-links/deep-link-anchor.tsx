"use client";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { webFallbackUrl, type DeepLinkParams, type DeepLinkTarget } from "@affiliates/bridge";
import { followDeepLink, initNativeApp, reportBridgeFailure } from "@/lib/native-app";

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick" | "children">;

/**
 * A deep link of requirements.md §2 as a real link: its href is the main site's page (it works without JavaScript, and
 * a web click is a plain navigation: a modified click opens a tab as any link does). Inside the app the click opens
 * the app's screen through the bridge instead (lib/native-app.ts `followDeepLink`), whose code only the app loads.
 */
export function DeepLinkAnchor<T extends DeepLinkTarget>({
  target,
  params,
  children,
  ...anchor
}: AnchorProps & { target: T; params: DeepLinkParams[T]; children: ReactNode }) {
  return (
    <a
      {...anchor}
      href={webFallbackUrl(target, params)}
      data-deep-link={target}
      onClick={(event) => {
        if (!initNativeApp().inApp) return;
        event.preventDefault();
        followDeepLink(target, params).catch(reportBridgeFailure);
      }}
    >
      {children}
    </a>
  );
}
