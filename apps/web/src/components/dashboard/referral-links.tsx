"use client";
import { useState } from "react";
import { Button, Form, Input, Modal, Popconfirm, QRCode, Select } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import { LIVE_REFRESH } from "@/lib/live-refresh";
import {
  AFFILIATE_CHANNEL_TYPES,
  AFFILIATE_LINK_SHARE_BPS,
  type AffiliateLinkCreateRequest,
  type AffiliateLinkUpdateRequest,
  type ReferralLink,
  type ReferralLinkList,
} from "@affiliates/contracts";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { useApi } from "@/lib/use-api";
import { showMessage } from "@/lib/toast";
import { NUM_TAG } from "@/lib/bidi";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { LinkPoster } from "./link-poster";
import styles from "./dashboard.module.css";

export const LINKS_PATH = "v1/affiliate/links";

type Share = (typeof AFFILIATE_LINK_SHARE_BPS)[number];
type EditValues = Pick<AffiliateLinkUpdateRequest, "label" | "channel" | "spotShareBps" | "futuresShareBps">;

/** A link's results in the dashboard's period, in table order: which channel brings traders. */
const PERIOD_COLUMNS = ["clicks", "signups", "firstTrades", "volumeUsdt", "commissionUsdt"] as const;
const MONEY_COLUMNS: ReadonlySet<(typeof PERIOD_COLUMNS)[number]> = new Set(["volumeUsdt", "commissionUsdt"]);
/** Columns of a link row: label, channel, code, two shares, the period's results, two all-time counts, actions. */
const LINK_COLUMNS = 8 + PERIOD_COLUMNS.length;
/** The header of each period column (the all-time ones reuse "clicks" and "signups"). */
const PERIOD_TITLE = { clicks: "clicks", signups: "signups", firstTrades: "firstTrades", volumeUsdt: "volume", commissionUsdt: "commission" } as const;

/**
 * Referral links (issue 9): the active links with their results in the dashboard's period and all time, copy, QR
 * code, a poster, editing (label, channel, shares) and archiving, and a form to create one. Changes go through
 * `PATCH /v1/affiliate/links/:id` with the device token.
 */
export function ReferralLinks({ from, to }: { from: string; to: string }) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const tc = useTranslations("apply");
  const format = useFormat();
  const percent = useBpsPercent();
  const key = `${LINKS_PATH}?${from}:${to}`;
  const { data, mutate } = useApi(key, () => http.get<ReferralLinkList>(LINKS_PATH, { from, to }), { ...LIVE_REFRESH, refreshDeps: [key] });
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [editing, setEditing] = useState<ReferralLink | null>(null);
  const [posterFor, setPosterFor] = useState<ReferralLink | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<AffiliateLinkCreateRequest>();
  const [editForm] = Form.useForm<EditValues>();
  const shareOptions = AFFILIATE_LINK_SHARE_BPS.map((bps) => ({ value: bps, label: t.rich("share", { share: percent(bps), ...NUM_TAG }) }));
  const channelOptions = AFFILIATE_CHANNEL_TYPES.map((type) => ({ value: type, label: tc(`channelTypes.${type}`) }));
  const active = (data?.links ?? []).filter((link) => !link.archived);
  const archived = (data?.links ?? []).filter((link) => link.archived);
  const [showArchived, setShowArchived] = useState(false);

  const replace = (updated: ReferralLink) => mutate({ links: (data?.links ?? []).map((link) => (link.id === updated.id ? updated : link)) });

  const copy = async (link: ReferralLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      void showMessage("success", t("copied"), "copy");
    } catch {
      window.prompt(t("copy"), link.url); // clipboard refused (permissions, old WebView): let the user copy by hand
    }
  };

  const create = async (values: AffiliateLinkCreateRequest) => {
    setSending(true);
    try {
      const body = { ...values, code: values.code?.trim() ? values.code.trim() : undefined };
      const created = await http.post<ReferralLink>(LINKS_PATH, body, { headers: await sensitiveCallHeaders() });
      mutate({ links: [created, ...(data?.links ?? [])] });
      form.resetFields();
      void showMessage("success", t("created"), "link-created");
    } catch {
      // the request client has shown the error toast
    } finally {
      setSending(false);
    }
  };

  const update = async (link: ReferralLink, patch: AffiliateLinkUpdateRequest, done: string): Promise<boolean> => {
    try {
      replace(await http.patch<ReferralLink>(`${LINKS_PATH}/${link.id}`, patch, { headers: await sensitiveCallHeaders() }));
      void showMessage("success", done, `link-${link.id}`);
      return true;
    } catch {
      return false; // the request client has shown the error toast
    }
  };

  const openEdit = (link: ReferralLink) => {
    // The API answers shares as plain integers; they are always one of AFFILIATE_LINK_SHARE_BPS.
    editForm.setFieldsValue({ label: link.label, channel: link.channel, spotShareBps: link.spotShareBps as Share, futuresShareBps: link.futuresShareBps as Share });
    setEditing(link);
  };

  const saveEdit = async (values: EditValues) => {
    if (!editing) return;
    setSending(true);
    const saved = await update(editing, { ...values, label: values.label?.trim(), channel: values.channel ?? null }, ta("saved"));
    setSending(false);
    if (saved) setEditing(null);
  };

  return (
    <section className="section" aria-labelledby="links-title">
      <h2 id="links-title">{t("linksTitle")}</h2>
      <div className="table-scroll">
        <table className={`data-table ${styles.linksTable}`} data-testid="links-table" aria-busy={!data}>
          <caption>{t("linksCaption")}</caption>
          {/* Column groups for the two-row header: "in the period" and "all time" name their columns. */}
          <colgroup span={5} />
          <colgroup span={PERIOD_COLUMNS.length} />
          <colgroup span={2} />
          <colgroup />
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className={styles.stickyCell}>{t("label")}</th>
              <th scope="col" rowSpan={2}>{ta("channel")}</th>
              <th scope="col" rowSpan={2}>{t("code")}</th>
              <th scope="col" rowSpan={2}>{t("spotShare")}</th>
              <th scope="col" rowSpan={2}>{t("futuresShare")}</th>
              <th scope="colgroup" colSpan={PERIOD_COLUMNS.length}>{t("periodGroup")}</th>
              <th scope="colgroup" colSpan={2}>{t("allTimeGroup")}</th>
              <th scope="col" rowSpan={2}>{ta("actions")}</th>
            </tr>
            <tr>
              {PERIOD_COLUMNS.map((name) => (
                <th key={name} scope="col">{t(PERIOD_TITLE[name])}</th>
              ))}
              <th scope="col">{t("clicks")}</th>
              <th scope="col">{t("signups")}</th>
            </tr>
          </thead>
          <tbody>
            {data && active.length === 0 && (
              <tr>
                <td colSpan={LINK_COLUMNS} className="muted">{ta("noLinks")}</td>
              </tr>
            )}
            {active.map((link) => (
              <tr key={link.id} data-code={link.code}>
                <th scope="row" data-testid="link-label" className={styles.stickyCell}>{link.label}</th>
                <td data-testid="link-channel">{link.channel ? tc(`channelTypes.${link.channel}`) : "—"}</td>
                <td><bdi>{link.code}</bdi></td>
                <td><bdi>{percent(link.spotShareBps)}</bdi></td>
                <td><bdi>{percent(link.futuresShareBps)}</bdi></td>
                {PERIOD_COLUMNS.map((name) => (
                  <td key={name} data-testid={`link-period-${name}`}>
                    {MONEY_COLUMNS.has(name) ? format.number(link.period[name], MONEY_DIGITS) : format.number(link.period[name])}
                  </td>
                ))}
                <td data-testid="link-clicks">{format.number(link.clicks)}</td>
                <td data-testid="link-signups">{format.number(link.signups)}</td>
                <td className="link-actions">
                  <button type="button" className="link-button" onClick={() => void copy(link)}>{t("copy")}</button>
                  <button type="button" className="link-button" aria-expanded={qrFor === link.id} onClick={() => setQrFor(qrFor === link.id ? null : link.id)}>
                    {t("showQr")}
                  </button>
                  <button type="button" className="link-button" onClick={() => setPosterFor(link)}>{ta("poster")}</button>
                  <button type="button" className="link-button" onClick={() => openEdit(link)}>{ta("edit")}</button>
                  <Popconfirm
                    title={ta("archiveConfirm", { code: link.code })}
                    okText={ta("archive")}
                    cancelText={ta("cancel")}
                    onConfirm={() => update(link, { archived: true }, ta("archived"))}
                  >
                    <button type="button" className="link-button">{ta("archive")}</button>
                  </Popconfirm>
                  {qrFor === link.id && (
                    <div className="qr" role="img" aria-label={t("qrFor", { code: link.code })} data-testid="link-qr" data-value={link.url}>
                      <QRCode value={link.url} size={140} bordered={false} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {archived.length > 0 && (
        <div className={styles.archived}>
          <button type="button" className="link-button" aria-expanded={showArchived} onClick={() => setShowArchived(!showArchived)} data-testid="show-archived">
            {ta("showArchived", { count: archived.length })}
          </button>
          {showArchived && (
            <ul data-testid="archived-links">
              {archived.map((link) => (
                <li key={link.id} data-code={link.code}>
                  {link.label} <bdi>{link.code}</bdi>{" "}
                  <button type="button" className="link-button" onClick={() => void update(link, { archived: false }, ta("restored"))}>
                    {ta("restore")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <h3 className={styles.createTitle}>{t("createTitle")}</h3>
      <Form<AffiliateLinkCreateRequest>
        form={form}
        layout="inline"
        onFinish={(values) => void create(values)}
        initialValues={{ spotShareBps: 0, futuresShareBps: 0 }}
        data-testid="link-form"
        className="link-form"
      >
        <Form.Item name="label" label={t("label")} rules={[{ required: true }, { whitespace: true }, { max: 40 }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="code" label={t("codeOptional")} tooltip={t("codeHelp")} rules={[{ pattern: /^[A-Za-z0-9]{4,16}$/ }]}>
          <Input style={{ width: 160 }} dir="ltr" />
        </Form.Item>
        <Form.Item name="spotShareBps" label={t("spotShare")}>
          <Select options={shareOptions} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="futuresShareBps" label={t("futuresShare")}>
          <Select options={shareOptions} style={{ width: 170 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>{t("create")}</Button>
      </Form>

      <Modal
        open={editing !== null}
        title={editing ? ta("editTitle", { code: editing.code }) : null}
        okText={ta("save")}
        cancelText={ta("cancel")}
        confirmLoading={sending}
        onOk={() => editForm.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<EditValues> form={editForm} name="link-edit" layout="vertical" onFinish={(values) => void saveEdit(values)} data-testid="link-edit-form">
          <Form.Item name="label" label={t("label")} rules={[{ required: true }, { whitespace: true }, { max: 40 }]}>
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

      <Modal open={posterFor !== null} title={posterFor ? ta("posterTitle", { code: posterFor.code }) : null} footer={null} onCancel={() => setPosterFor(null)} destroyOnHidden>
        {posterFor && <LinkPoster link={posterFor} />}
      </Modal>
    </section>
  );
}
