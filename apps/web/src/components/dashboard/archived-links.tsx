"use client";
import { useState } from "react";
import { Button } from "antd";
import { useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import styles from "./dashboard.module.css";

/** The archived links, folded away under a count until asked for, each with a way back to the active list. */
export function ArchivedLinks({
  archived,
  onRestore,
}: {
  archived: ReferralLink[];
  onRestore: (link: ReferralLink) => void;
}) {
  const ta = useTranslations("affiliateDashboard.linkActions");
  const [showArchived, setShowArchived] = useState(false);
  if (archived.length === 0) return null;
  return (
    <div className={styles.archived}>
      <Button
        type="link"
        className={styles.textButton}
        aria-expanded={showArchived}
        onClick={() => setShowArchived(!showArchived)}
        data-testid="show-archived"
      >
        {ta("showArchived", { count: archived.length })}
      </Button>
      {showArchived && (
        <ul data-testid="archived-links">
          {archived.map((link) => (
            <li key={link.id} data-code={link.code}>
              <span className={styles.archivedName}>
                {link.label} <bdi>{link.code}</bdi>
              </span>
              <Button onClick={() => onRestore(link)}>{ta("restore")}</Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
