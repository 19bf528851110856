"use client";
import { useState, type ReactNode } from "react";
import { Button } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import type { SubInvitationOffer } from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { NUM_TAG } from "@/lib/bidi";
import { useFormat } from "@/lib/format-hook";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { SUB_OFFER_HANDLED_CODES, subOfferRefusal, type SubOfferRefusal } from "./sub-affiliate-rules";
import styles from "./network.module.css";

type Decision = "accept" | "decline";
interface Props {
  offers: SubInvitationOffer[];
  withKit: boolean;
  antdLocale?: AntdLocale | undefined;
  /** A declined offer leaves the list. */
  onAnswered: (id: number) => void;
}

/** The invitee's open sub-affiliate offers (loaded lazily by sub-invitation-offers.tsx), in a FormKit where the page has none. */
export function SubInvitationOfferCards({ withKit, antdLocale, ...props }: Props) {
  const cards = <OfferCards {...props} />;
  return withKit ? <FormKit antdLocale={antdLocale}>{cards}</FormKit> : cards;
}

const NAME_TAG = { name: (chunks: ReactNode) => <bdi className={styles.offerName}>{chunks}</bdi> };

function OfferCards({ offers, onAnswered }: Pick<Props, "offers" | "onAnswered">) {
  const t = useTranslations("network.offers");
  const format = useFormat();
  const percent = useBpsPercent();
  const [refusals, setRefusals] = useState<Partial<Record<number, SubOfferRefusal>>>({});
  const [reloading, setReloading] = useState(false);
  // An acceptance names the rate shown on the card: the API refuses it if the invitation says anything else.
  const decide = useApiAction((offer: SubInvitationOffer, decision: Decision) =>
    decision === "accept"
      ? api.subInvitationAccept({ id: offer.id, rateBps: offer.rateBps }, { handledCodes: SUB_OFFER_HANDLED_CODES })
      : api.subInvitationDecline({ id: offer.id }, { handledCodes: SUB_OFFER_HANDLED_CODES }),
  );

  const answer = async (offer: SubInvitationOffer, decision: Decision) => {
    try {
      await decide.runAsync(offer, decision);
    } catch (error) {
      // A closed invitation or an affiliate already: said on the offer's card (not toasted); anything else is toasted.
      const refusal = subOfferRefusal(error);
      if (refusal) setRefusals((shown) => ({ ...shown, [offer.id]: refusal }));
      return;
    }
    if (decision === "accept") {
      // Now an affiliate: the page starts again, so the dashboard shows the affiliate's view and no cached answer lingers.
      setReloading(true);
      window.location.reload();
      return;
    }
    void showMessage("success", t(offer.expired ? "dismissed" : "declined"), "sub-offer-declined");
    onAnswered(offer.id);
  };

  const busy = decide.loading || reloading;
  const pressed = (offer: SubInvitationOffer, decision: Decision) =>
    busy && decide.params[0]?.id === offer.id && decide.params[1] === decision;
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: "UTC" });
  return (
    <section className="section" aria-labelledby="sub-offers-title" data-testid="sub-offers">
      <h2 id="sub-offers-title">{t("title")}</h2>
      <ul className={styles.offerList}>
        {offers.map((offer) => {
          // Expired: said on the card (from the list, or from the API's refusal); it can only be dismissed.
          const refusal = refusals[offer.id];
          const expired = offer.expired || refusal === "expired";
          const textId = `sub-offer-${offer.id}`;
          return (
            <li
              key={offer.id}
              className={`card ${styles.offer}`}
              data-testid="sub-offer"
              data-offer-id={offer.id}
              data-expired={expired ? "" : undefined}
            >
              <p id={textId} className={styles.offerText}>
                {t.rich("offer", {
                  inviterName: offer.inviterName,
                  rate: percent(offer.rateBps),
                  ...NUM_TAG,
                  ...NAME_TAG,
                })}
              </p>
              <p className="muted">{t("body")}</p>
              <p className="muted">
                {t("received", { date: day(offer.createdAt) })}
                {!expired && <> · {t("validUntil", { date: day(offer.expiresAt) })}</>}
              </p>
              {expired && (
                <p className={styles.alert} data-testid="sub-offer-expired">
                  {t("expired", { date: day(offer.expiresAt) })}
                </p>
              )}
              {refusal && refusal !== "expired" && (
                <p role="alert" className={styles.alert}>
                  {t(refusal)}
                </p>
              )}
              {refusal !== "closed" && (
                <div className={styles.offerActions}>
                  {refusal !== "alreadyAffiliate" && !expired && refusal !== "termsChanged" && (
                    <Button
                      type="primary"
                      className={styles.touch}
                      loading={pressed(offer, "accept")}
                      disabled={busy && !pressed(offer, "accept")}
                      onClick={() => void answer(offer, "accept")}
                      aria-describedby={textId}
                      data-testid="sub-offer-accept"
                    >
                      {t("accept")}
                    </Button>
                  )}
                  <Button
                    className={styles.touch}
                    loading={pressed(offer, "decline")}
                    disabled={busy && !pressed(offer, "decline")}
                    onClick={() => void answer(offer, "decline")}
                    aria-describedby={textId}
                    data-testid="sub-offer-decline"
                  >
                    {expired ? t("dismiss") : t("decline")}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
