"use client";
import { useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import type { ResponsiveColumn } from "@/components/data/responsive-table";
import { MONEY_DIGITS } from "@/lib/format";
import { useFormat } from "@/lib/format-hook";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { LinkActions, type LinkActionHandlers } from "./link-actions";
import styles from "./dashboard.module.css";

/** A link's results in the dashboard's period, in column order: which channel brings traders. */
const PERIOD_COLUMNS = ["clicks", "signups", "firstTrades", "volumeUsdt", "commissionUsdt"] as const;
type PeriodColumn = (typeof PERIOD_COLUMNS)[number];
const MONEY_COLUMNS: ReadonlySet<PeriodColumn> = new Set(["volumeUsdt", "commissionUsdt"]);
/** The header of each period column. */
const PERIOD_TITLE = {
  clicks: "clicks",
  signups: "signups",
  firstTrades: "firstTrades",
  volumeUsdt: "volume",
  commissionUsdt: "commission",
} as const;

/** What a link's row offers (its actions' buttons and menu), for the link of the row. */
type LinkRowActions = { [action in keyof LinkActionHandlers]: (link: ReferralLink) => void };

/**
 * The links table's columns: the label with its channel, the link, the shares, the period's results, the all-time
 * clicks and sign-ups (wide screens only) and the actions.
 */
export function useLinkColumns(on: LinkRowActions): ResponsiveColumn<ReferralLink>[] {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const tc = useTranslations("apply");
  const tl = useTranslations("affiliateDashboard.commissions");
  const format = useFormat();
  const percent = useBpsPercent();
  const count = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  return [
    {
      key: "label",
      title: t("label"),
      dataIndex: "label",
      cardTitle: true,
      fixed: "start",
      width: 150,
      // The channel sits under the label (issue 34: one column less, so a laptop shows every column without scrolling).
      render: (label: string, link) => (
        <span className={styles.linkLabelCell}>
          <span className={styles.linkLabel} data-testid="link-label" data-code={link.code}>
            {label}
          </span>
          <span className={styles.linkChannel} data-testid="link-channel">
            {link.channel ? tc(`channelTypes.${link.channel}`) : "—"}
          </span>
        </span>
      ),
    },
    {
      key: "link",
      title: t("url"),
      dataIndex: "code",
      width: 190,
      render: (code: string, link) => (
        <span className={styles.linkAddress}>
          <bdi className={styles.linkCode} data-testid="link-code">
            {code}
          </bdi>
          <span className={styles.linkUrl}>
            <bdi>{link.url}</bdi>
          </span>
        </span>
      ),
    },
    {
      key: "shares",
      title: t("shares"),
      dataIndex: "spotShareBps",
      render: (_bps: number, link) => (
        <span className={styles.linkShares}>
          <span>
            {tl("lines.spot")} <bdi data-testid="link-spot-share">{percent(link.spotShareBps)}</bdi>
          </span>
          <span>
            {tl("lines.futures")} <bdi data-testid="link-futures-share">{percent(link.futuresShareBps)}</bdi>
          </span>
        </span>
      ),
    },
    ...PERIOD_COLUMNS.map((name): ResponsiveColumn<ReferralLink> => ({
      key: `period-${name}`,
      title: t(PERIOD_TITLE[name]),
      align: "end",
      render: (_value: unknown, link) => (
        <span className={styles.linkFigure} data-testid={`link-period-${name}`}>
          {MONEY_COLUMNS.has(name) ? format.number(link.period[name], MONEY_DIGITS) : count(link.period[name])}
        </span>
      ),
    })),
    {
      key: "allTimeClicks",
      title: t("allTimeClicks"),
      dataIndex: "clicks",
      align: "end",
      wideOnly: true,
      render: (value: number) => (
        <span className={styles.linkFigure} data-testid="link-clicks">
          {count(value)}
        </span>
      ),
    },
    {
      key: "allTimeSignups",
      title: t("allTimeSignups"),
      dataIndex: "signups",
      align: "end",
      wideOnly: true,
      render: (value: number) => (
        <span className={styles.linkFigure} data-testid="link-signups">
          {count(value)}
        </span>
      ),
    },
    {
      key: "actions",
      title: ta("actions"),
      actions: true,
      fixed: "end",
      render: (_value: unknown, link) => (
        <LinkActions
          code={link.code}
          on={{
            copy: () => on.copy(link),
            poster: () => on.poster(link),
            qr: () => on.qr(link),
            edit: () => on.edit(link),
            archive: () => on.archive(link),
          }}
        />
      ),
    },
  ];
}
