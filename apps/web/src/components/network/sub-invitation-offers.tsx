"use client";
import dynamic from "next/dynamic";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useEndpoint } from "@/lib/use-endpoint";
import { useSession } from "@/state/session";

// The offer cards carry the UI kit's buttons: they load only for a logged-in visitor who has an open offer.
const SubInvitationOfferCards = dynamic(
  () => import("./sub-invitation-offer-cards").then((m) => m.SubInvitationOfferCards),
  { ssr: false },
);

/**
 * Sub-affiliate invitations made to the signed-in user's email address, each to accept or decline (on the dashboard and
 * the apply page). Renders nothing for a visitor who is not logged in or has no open offer, and a retry when the offers
 * could not be read. `withKit`: the page has no FormKit around this spot (the apply page; the dashboard, whose antd
 * parts each bring their own), so the cards bring their own, with `antdLocale` (else the page's, AntdLocaleProvider).
 */
export function SubInvitationOffers({
  withKit = false,
  antdLocale,
}: {
  withKit?: boolean;
  antdLocale?: AntdLocale | undefined;
}) {
  const { complete, isLogin } = useSession();
  const { data, mutate } = useEndpoint(
    "subInvitationOffers",
    {},
    {
      ready: complete && isLogin,
    },
  );
  if (!complete || !isLogin) return null;
  // Only the few with an open invitation have this section: a failure here (the page's own sections show theirs) would
  // name a section most users never see, so it stays hidden; useApi retries it, and again when the page is focused.
  if (!data || data.offers.length === 0) return null;
  return (
    <SubInvitationOfferCards
      offers={data.offers}
      withKit={withKit}
      antdLocale={antdLocale}
      onAnswered={(id) => mutate({ offers: data.offers.filter((o) => o.id !== id) })}
    />
  );
}
