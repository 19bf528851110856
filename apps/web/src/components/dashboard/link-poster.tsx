"use client";
import { useEffect, useRef, useState } from "react";
import { Button, QRCode } from "antd";
import { useLocale, useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import { dirOf, isLocale } from "@affiliates/locales";
import { isolate } from "@/lib/bidi";
import { drawPoster, POSTER, posterFileName } from "@/lib/poster";
import { useBpsPercent } from "@/lib/use-bps-percent";
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
  const percent = useBpsPercent();
  const qrBox = useRef<HTMLDivElement>(null);
  const [poster, setPoster] = useState<{ url: string; blob: Blob } | null>(null);
  const [canShare, setCanShare] = useState(false);

  // A 0 % share is no offer: the poster names only the shares an invitee gets, and invites without a number otherwise.
  const rebate = (() => {
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
  })();

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
      canvas.toBlob((blob) => {
        if (!blob || cancelled) return;
        url = URL.createObjectURL(blob);
        setPoster({ url, blob });
        const file = new File([blob], posterFileName(link.code), { type: "image/png" });
        setCanShare(typeof navigator.canShare === "function" && navigator.canShare({ files: [file] }));
      }, "image/png");
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      if (url) URL.revokeObjectURL(url);
    };
  }, [link, locale, rebate, t, tb]);

  const share = async () => {
    if (!poster) return;
    try {
      await navigator.share({
        files: [new File([poster.blob], posterFileName(link.code), { type: "image/png" })],
        url: link.url,
      });
    } catch {
      // the user closed the share sheet
    }
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
        // A blob URL the browser made: next/image's optimiser does not apply.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className={styles.posterPreview}
          src={poster.url}
          alt={t("posterAlt", { code: link.code })}
          width={POSTER.width}
          height={POSTER.height}
        />
      ) : (
        <div className={styles.posterPreview} aria-busy="true" />
      )}
      <div className={styles.posterActions}>
        {poster ? (
          <a
            className="button button-primary"
            href={poster.url}
            download={posterFileName(link.code)}
            data-testid="poster-download"
          >
            {t("download")}
          </a>
        ) : (
          <Button type="primary" disabled>
            {t("download")}
          </Button>
        )}
        {canShare && (
          <Button onClick={() => void share()} data-testid="poster-share">
            {t("share")}
          </Button>
        )}
      </div>
    </div>
  );
}
