"use client";
import { Button, Dropdown, type MenuProps } from "antd";
import { useTranslations } from "next-intl";
import styles from "./dashboard.module.css";

export interface LinkActionHandlers {
  copy: () => void;
  poster: () => void;
  qr: () => void;
  edit: () => void;
  archive: () => void;
}

type MoreAction = "qr" | "edit" | "archive";
const MORE_ACTIONS: readonly MoreAction[] = ["qr", "edit", "archive"];

/**
 * A link's actions: "Copy link" first (what an affiliate does most), the poster beside it, and the rarer ones (QR
 * code, edit, archive) behind "More". On a phone they are full-width buttons at least 44 px tall under the link's card.
 */
export function LinkActions({ code, on }: { code: string; on: LinkActionHandlers }) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const label: Record<MoreAction, string> = { qr: t("showQr"), edit: ta("edit"), archive: ta("archive") };
  const items: MenuProps["items"] = MORE_ACTIONS.map((key) => ({ key, label: label[key], danger: key === "archive" }));
  return (
    <div className={styles.linkActions}>
      <Button type="primary" onClick={on.copy} data-testid="link-copy">
        {t("copy")}
      </Button>
      <Button onClick={on.poster} data-testid="link-poster-open">
        {ta("poster")}
      </Button>
      <Dropdown
        trigger={["click"]}
        menu={{
          items,
          onClick: ({ key }) => {
            const action = MORE_ACTIONS.find((name) => name === key);
            if (action) on[action]();
          },
        }}
        classNames={{ root: styles.moreMenu }}
      >
        <Button aria-haspopup="menu" aria-label={ta("moreFor", { code })} data-testid="link-more">
          {ta("more")}
        </Button>
      </Dropdown>
    </div>
  );
}
