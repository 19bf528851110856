"use client";
import dynamic from "next/dynamic";
import type { Locale as AntdLocale } from "antd/es/locale";
import type { SubInvitationOfferList } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { useApi } from "@/lib/use-api";
import { useSession } from "@/state/session";
import { SUB_INVITATIONS_PATH } from "./network-paths";

// The offer cards carry the UI kit's buttons: they load only for a logged-in visitor who has an open offer.
const SubInvitationOfferCards = dynamic(() => import("./sub-invitation-offer-cards").then((m) => m.SubInvitationOfferCards), { ssr: false });

const fetchOffers = () => http.get<SubInvitationOfferList>(SUB_INVITATIONS_PATH);

/**
 * Sub-affiliate invitations made to the signed-in user's email address, each to accept or decline (on the dashboard and
 * the apply page). Renders nothing for a visitor who is not logged in or has no open offer. `withKit`: the page has no
 * FormKit around this spot (the apply page), so the cards bring their own, with `antdLocale`.
 */
export function SubInvitationOffers({ withKit = false, antdLocale }: { withKit?: boolean; antdLocale?: AntdLocale | undefined }) {
  const { complete, isLogin } = useSession();
  const { data, mutate } = useApi(SUB_INVITATIONS_PATH, fetchOffers, { ready: complete && isLogin });
  if (!complete || !isLogin || !data || data.offers.length === 0) return null;
  return <SubInvitationOfferCards offers={data.offers} withKit={withKit} antdLocale={antdLocale} onAnswered={(id) => mutate({ offers: data.offers.filter((o) => o.id !== id) })} />;
}
