"use client";
import { useEffect, useRef, useState, type HTMLAttributes } from "react";
import { Button, Form, Input, Modal, Select } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { useDeskLive } from "./desk-refresh";
import {
  AFFILIATE_CHANNEL_TYPES,
  AFFILIATE_LINK_SHARE_BPS,
  type AffiliateLinkUpdateRequest,
  type ReferralLink,
} from "@affiliates/contracts";
import { api } from "@/lib/api";
import { useApiAction } from "@/lib/use-api";
import { useEndpoint } from "@/lib/use-endpoint";
import { showMessage } from "@/lib/toast";
import { copyText } from "@/lib/share";
import { LinkQr } from "./link-qr";
import { NUM_TAG } from "@/lib/bidi";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { ResponsiveTable, type ResponsiveColumn } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { LinkActions } from "./link-actions";
import { LinkCreateForm } from "./link-create-form";
import { LinkPoster } from "./link-poster";
import { LINK_LABEL_MAX } from "./link-rules";
import styles from "./dashboard.module.css";

type Share = (typeof AFFILIATE_LINK_SHARE_BPS)[number];
type EditValues = Pick<AffiliateLinkUpdateRequest, "label" | "channel" | "spotShareBps" | "futuresShareBps">;

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

/** The links table's least width (px): a 1366 px laptop's content column holds it with every column in view. */
const LINKS_TABLE_MIN_WIDTH = 1080;
/** The row's link code as an attribute, so a row or card can be found by its link. */
const rowOf = (link: ReferralLink): HTMLAttributes<HTMLElement> =>
  ({ "data-code": link.code }) as HTMLAttributes<HTMLElement>;

/** A CSS selector of the row or card of a link (its data-code; codes are letters and digits). */
const rowSelector = (code: string) => `[data-code="${code.replace(/[^A-Za-z0-9]/g, "")}"]`;

/**
 * Referral links: the active links with their results in the dashboard's period, copy, QR code, a poster,
 * editing (label, channel, shares) and archiving, and a form to create one. A table on wide screens, a card per link on
 * a phone ("Copy link" and "Poster" in reach of the thumb). Changes go through `api.linkUpdate` with the
 * device token.
 */
export function ReferralLinks({ from, to }: { from: string; to: string }) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const tc = useTranslations("apply");
  const tl = useTranslations("affiliateDashboard.commissions");
  const format = useFormat();
  const percent = useBpsPercent();
  const { data, error, mutate, refresh } = useEndpoint("links", { from, to }, useDeskLive([]));
  const [qrFor, setQrFor] = useState<ReferralLink | null>(null);
  // The link just created (issue 34): brought into view and marked, since the form it came from is far below the list.
  const [fresh, setFresh] = useState<string | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!fresh) return;
    const row = tableBox.current?.querySelector<HTMLElement>(rowSelector(fresh));
    if (!row) return;
    row.scrollIntoView({
      block: "center",
      behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
    row.setAttribute("data-fresh", "");
    row.querySelector<HTMLElement>("[data-testid=link-copy]")?.focus({ preventScroll: true });
  }, [fresh, data]);
  const [editing, setEditing] = useState<ReferralLink | null>(null);
  const [posterFor, setPosterFor] = useState<ReferralLink | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [editForm] = Form.useForm<EditValues>();
  const [modal, modalHolder] = Modal.useModal();
  const shareOptions = AFFILIATE_LINK_SHARE_BPS.map((bps) => ({
    value: bps,
    label: t.rich("share", { share: percent(bps), ...NUM_TAG }),
  }));
  const channelOptions = AFFILIATE_CHANNEL_TYPES.map((type) => ({ value: type, label: tc(`channelTypes.${type}`) }));
  const active = (data?.links ?? []).filter((link) => !link.archived);
  const archived = (data?.links ?? []).filter((link) => link.archived);
  const count = (value: number) => format.number(value, { maximumFractionDigits: 0 });

  const replace = (updated: ReferralLink) =>
    mutate({ links: (data?.links ?? []).map((link) => (link.id === updated.id ? updated : link)) });

  const copy = async (link: ReferralLink) => {
    const outcome = await copyText(link.url);
    if (outcome === "app" || outcome === "web") void showMessage("success", t("copied"), "copy");
    else window.prompt(t("copy"), link.url); // app and clipboard refused (permissions, old WebView): copy by hand
  };

  const update = async (link: ReferralLink, patch: AffiliateLinkUpdateRequest, done: string): Promise<boolean> => {
    try {
      replace(await api.linkUpdate({ id: link.id, ...patch }));
      void showMessage("success", done, `link-${link.id}`);
      return true;
    } catch {
      return false; // the request client has shown the error toast
    }
  };

  const openEdit = (link: ReferralLink) => {
    // The API answers shares as plain integers; they are always one of AFFILIATE_LINK_SHARE_BPS.
    editForm.setFieldsValue({
      label: link.label,
      channel: link.channel,
      spotShareBps: link.spotShareBps as Share,
      futuresShareBps: link.futuresShareBps as Share,
    });
    setEditing(link);
  };

  const confirmArchive = (link: ReferralLink) => {
    void modal.confirm({
      title: ta("archiveConfirm", { code: link.code }),
      okText: ta("archive"),
      okButtonProps: { danger: true },
      cancelText: ta("cancel"),
      onOk: () => update(link, { archived: true }, ta("archived")),
    });
  };

  // The edit dialog's save: `loading` while it is under way (archive and restore are single clicks of their own).
  const saving = useApiAction((link: ReferralLink, values: EditValues) =>
    update(link, { ...values, label: values.label?.trim(), channel: values.channel ?? null }, ta("saved")),
  );
  const saveEdit = async (values: EditValues) => {
    if (!editing || saving.loading) return;
    if (await saving.runAsync(editing, values)) setEditing(null);
  };

  const columns: ResponsiveColumn<ReferralLink>[] = [
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
            copy: () => void copy(link),
            poster: () => setPosterFor(link),
            qr: () => setQrFor(link),
            edit: () => openEdit(link),
            archive: () => confirmArchive(link),
          }}
        />
      ),
    },
  ];

  return (
    <section className="section" aria-labelledby="links-title">
      {modalHolder}
      <h2 id="links-title">{t("linksTitle")}</h2>
      <p className={`muted ${styles.caption}`}>{t("periodNote")}</p>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} />
      ) : (
        <div ref={tableBox} className={styles.linksTable} data-testid="links-table" aria-busy={!data}>
          {data && active.length === 0 ? (
            <p className="muted" data-testid="no-links">
              {ta("noLinks")}
            </p>
          ) : (
            <ResponsiveTable<ReferralLink>
              columns={columns}
              rowKey="id"
              label={t("linksCaption")}
              dataSource={active}
              loading={!data}
              pagination={false}
              size="middle"
              // A minimum width, not max-content: on a laptop the headers wrap so every column is in view (issue 34);
              // narrower than this, the table scrolls with the label and actions held at its edges.
              scroll={{ x: LINKS_TABLE_MIN_WIDTH }}
              onRow={rowOf}
            />
          )}
        </div>
      )}
      {archived.length > 0 && (
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
                  <Button onClick={() => void update(link, { archived: false }, ta("restored"))}>
                    {ta("restore")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h3 className={styles.createTitle}>{t("createTitle")}</h3>
      <LinkCreateForm
        shareOptions={shareOptions}
        onCreated={(created) => {
          mutate({ links: [created, ...(data?.links ?? [])] });
          setFresh(created.code);
        }}
      />

      <Modal
        open={editing !== null}
        title={editing ? ta("editTitle", { code: editing.code }) : null}
        okText={ta("save")}
        cancelText={ta("cancel")}
        confirmLoading={saving.loading}
        onOk={() => editForm.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<EditValues>
          scrollToFirstError={{ behavior: "smooth", block: "center", focus: true }}
          form={editForm}
          name="link-edit"
          layout="vertical"
          onFinish={(values) => void saveEdit(values)}
          data-testid="link-edit-form"
          noValidate
        >
          <Form.Item
            name="label"
            label={t("label")}
            rules={[{ required: true }, { whitespace: true }, { max: LINK_LABEL_MAX }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="channel" label={ta("channel")}>
            <Select options={channelOptions} allowClear />
          </Form.Item>
          <Form.Item name="spotShareBps" label={t("spotShare")}>
            <Select options={shareOptions} />
          </Form.Item>
          <Form.Item name="futuresShareBps" label={t("futuresShare")}>
            <Select options={shareOptions} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={qrFor !== null}
        title={qrFor ? t("qrFor", { code: qrFor.code }) : null}
        footer={null}
        onCancel={() => setQrFor(null)}
        destroyOnHidden
      >
        {qrFor && <LinkQr link={qrFor} />}
      </Modal>

      <Modal
        open={posterFor !== null}
        title={posterFor ? ta("posterTitle", { code: posterFor.code }) : null}
        footer={null}
        onCancel={() => setPosterFor(null)}
        destroyOnHidden
      >
        {posterFor && <LinkPoster link={posterFor} />}
      </Modal>
    </section>
  );
}
