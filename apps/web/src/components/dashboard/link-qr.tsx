"use client";
import { useEffect, useRef, useState } from "react";
import { Button, QRCode } from "antd";
import { useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import { canShare, canvasImage, imageSaving, saveImage, share, type ShareImage } from "@/lib/share";
import { showMessage } from "@/lib/toast";
import { useShareCaption } from "./link-poster";
import styles from "./dashboard.module.css";

const QR_SIZE = 200;

/**
 * A link's QR code with the ways to keep it: saved to the photos (the app) or downloaded (the web), handed to the share
 * sheet with the caption, or, where the page can do neither, shown as an image to press and hold.
 */
export function LinkQr({ link }: { link: ReferralLink }) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const caption = useShareCaption(link);
  const box = useRef<HTMLDivElement>(null);
  const [image, setImage] = useState<ShareImage | null>(null);
  const [saving, setSaving] = useState<ReturnType<typeof imageSaving>>("download");

  useEffect(() => {
    let cancelled = false;
    // antd draws the code on its canvas in an effect: read it a frame later.
    const frame = requestAnimationFrame(() => {
      const canvas = box.current?.querySelector("canvas");
      if (!canvas) return;
      void canvasImage(canvas, `qr-${link.code.replace(/[^A-Za-z0-9]/g, "")}.png`).then((made) => {
        if (cancelled || !made) return;
        setImage(made);
        setSaving(imageSaving());
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [link]);

  const save = async () => {
    if (image && (await saveImage(image)) === "app") void showMessage("success", ta("imageSaved"), "image-saved");
  };

  return (
    <div className={styles.qrBox} data-testid="link-qr" data-value={link.url}>
      <div
        ref={box}
        className="qr"
        role="img"
        aria-label={t("qrFor", { code: link.code })}
        hidden={saving === "longPress" && !!image}
      >
        <QRCode value={link.url} type="canvas" size={QR_SIZE} bordered={false} color="#000000" bgColor="#ffffff" />
      </div>
      {image && saving === "longPress" && (
        <>
          {/* A data URL the page drew: the WebView's long-press menu saves it (next/image does not apply). */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={image.dataUrl}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={t("qrFor", { code: link.code })}
            data-testid="qr-image"
          />
          <p className="muted" data-testid="qr-long-press">
            {ta("longPressHint")}
          </p>
        </>
      )}
      <span className={styles.linkUrl}>
        <bdi>{link.url}</bdi>
      </span>
      {image && (
        <div className={styles.posterActions}>
          {saving !== "longPress" && (
            <Button type="primary" onClick={() => void save()} data-testid="qr-save">
              {saving === "app" ? ta("saveImage") : ta("download")}
            </Button>
          )}
          {canShare(image) && (
            <Button onClick={() => void share({ text: caption, url: link.url, image })} data-testid="qr-share">
              {ta("share")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
