"use client";
import { useEffect, useRef, useState } from "react";
import { Button, QRCode } from "antd";
import { useLocale, useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import { dirOf, isLocale } from "@affiliates/locales";
import { isolate } from "@/lib/bidi";
import { drawPoster, POSTER, posterFileName } from "@/lib/poster";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { canShare, canvasImage, imageSaving, saveImage, share, type ShareImage } from "@/lib/share";
import { showMessage } from "@/lib/toast";
import { posterRebate } from "./link-rules";
import styles from "./dashboard.module.css";

/**
 * A shareable poster of a referral link, composed in the browser: the brand, headline, code, the invitee's rebate, the
 * QR code (from antd QRCode's canvas) and the link, as a PNG to download or to hand to the system share sheet.
 */
export function LinkPoster({ link }: { link: ReferralLink }) {
  const t = useTranslations("affiliateDashboard.linkActions");
  const tb = useTranslations("brand");
  const locale = useLocale();
  const qrBox = useRef<HTMLDivElement>(null);
  const [poster, setPoster] = useState<(ShareImage & { url: string }) | null>(null);
  const [sharing, setSharing] = useState(false);
  const [saving, setSaving] = useState<ReturnType<typeof imageSaving>>("download");

  const rebate = usePosterRebate(link);
  const caption = useShareCaption(link);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    // antd draws the QR code on its canvas in an effect: wait one frame for it.
    const frame = requestAnimationFrame(() => {
      const qr = qrBox.current?.querySelector("canvas");
      if (!qr) return;
      const canvas = document.createElement("canvas");
      canvas.width = POSTER.width;
      canvas.height = POSTER.height;
      const ctx = canvas.getContext("2d");
      if (!ctx) return;
      drawPoster(
        ctx,
        {
          brand: tb("programme"),
          headline: t("posterHeadline"),
          code: t("posterCode", { code: isolate(link.code) }),
          rebate,
          scan: t("posterScan"),
          url: isolate(link.url),
          direction: isLocale(locale) ? dirOf(locale) : "ltr",
          font: getComputedStyle(document.body).fontFamily,
        },
        qr,
      );
      void canvasImage(canvas, posterFileName(link.code)).then((image) => {
        if (!image || cancelled) return;
        url = URL.createObjectURL(image.blob);
        setPoster({ ...image, url });
        setSaving(imageSaving());
        setSharing(canShare(image));
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, locale, rebate, t, tb]);

  const save = async () => {
    if (poster && (await saveImage(poster)) === "app") void showMessage("success", t("imageSaved"), "image-saved");
  };
  return (
    <div
      data-testid="link-poster"
      data-rebate={rebate}
      data-qr-x={POSTER.qr.x}
      data-qr-y={POSTER.qr.y}
      data-qr-size={POSTER.qr.size}
    >
      <div ref={qrBox} className={styles.posterQr} aria-hidden="true" data-testid="poster-qr">
        <QRCode
          value={link.url}
          type="canvas"
          size={POSTER.qr.size}
          bordered={false}
          color="#000000"
          bgColor="#ffffff"
        />
      </div>
      {poster ? (
        // An image the browser made: next/image's optimiser does not apply. Where only a long press can save it, the
        // data URL (a WebView's long-press menu does not save blob URLs).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className={styles.posterPreview}
          src={saving === "longPress" ? poster.dataUrl : poster.url}
          alt={t("posterAlt", { code: link.code })}
          width={POSTER.width}
          height={POSTER.height}
          data-testid="poster-image"
        />
      ) : (
        <div className={styles.posterPreview} aria-busy="true" />
      )}
      {poster && saving === "longPress" && (
        <p className="muted" data-testid="poster-long-press">
          {t("longPressHint")}
        </p>
      )}
      <div className={styles.posterActions}>
        {!poster ? (
          <Button type="primary" disabled>
            {t("download")}
          </Button>
        ) : saving === "app" ? (
          <Button type="primary" onClick={() => void save()} data-testid="poster-save">
            {t("saveImage")}
          </Button>
        ) : saving === "download" ? (
          <a
            className="button button-primary"
            href={poster.url}
            download={posterFileName(link.code)}
            data-testid="poster-download"
          >
            {t("download")}
          </a>
        ) : null}
        {poster && sharing && (
          <Button
            onClick={() => void share({ text: caption, url: link.url, image: poster })}
            data-testid="poster-share"
          >
            {t("share")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** What an invitee of this link gets, as the poster and the share caption say it (a 0 % share is no offer). */
export function usePosterRebate(link: ReferralLink): string {
  const t = useTranslations("affiliateDashboard.linkActions");
  const percent = useBpsPercent();
  const spot = isolate(percent(link.spotShareBps));
  const futures = isolate(percent(link.futuresShareBps));
  switch (posterRebate(link.spotShareBps, link.futuresShareBps)) {
    case "both":
      return t("posterRebate", { spot, futures });
    case "spot":
      return t("posterRebateSpot", { spot });
    case "futures":
      return t("posterRebateFutures", { futures });
    case "none":
      return t("posterNoRebate");
  }
}

/** The caption shared with a link, its poster or its QR code: the offer, in the page's language. */
export function useShareCaption(link: ReferralLink): string {
  const t = useTranslations("affiliateDashboard.linkActions");
  const rebate = usePosterRebate(link);
  return t("shareCaption", { headline: t("posterHeadline"), rebate, code: link.code });
}
