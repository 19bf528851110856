"use client";
import { useState } from "react";
import { Button, Form, Input, QRCode, Select } from "antd";
import { useFormatter, useTranslations } from "next-intl";
import { AFFILIATE_LINK_SHARE_BPS, type AffiliateLinkCreateRequest, type ReferralLink, type ReferralLinkList } from "@affiliates/contracts";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { useApi } from "@/lib/use-api";
import { showMessage } from "@/lib/toast";

export const LINKS_PATH = "v1/affiliate/links";

/** Referral links (issue 9): the list with results, copy and QR code, and a form to create one with invitee shares. */
export function ReferralLinks() {
  const t = useTranslations("affiliateDashboard.links");
  const format = useFormatter();
  const { data, mutate } = useApi(LINKS_PATH, () => http.get<ReferralLinkList>(LINKS_PATH));
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<AffiliateLinkCreateRequest>();
  const shareOptions = AFFILIATE_LINK_SHARE_BPS.map((bps) => ({ value: bps, label: t("share", { share: format.number(bps / 10_000, { style: "percent" }) }) }));
  const shareText = (bps: number) => format.number(bps / 10_000, { style: "percent" });

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

  return (
    <section className="section" aria-labelledby="links-title">
      <h2 id="links-title">{t("linksTitle")}</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="links-table" aria-busy={!data}>
          <caption>{t("linksCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("label")}</th>
              <th scope="col">{t("code")}</th>
              <th scope="col">{t("spotShare")}</th>
              <th scope="col">{t("futuresShare")}</th>
              <th scope="col">{t("clicks")}</th>
              <th scope="col">{t("signups")}</th>
              <th scope="col">{t("url")}</th>
            </tr>
          </thead>
          <tbody>
            {(data?.links ?? []).map((link) => (
              <tr key={link.id} data-code={link.code}>
                <th scope="row">{link.label}</th>
                <td><bdi>{link.code}</bdi></td>
                <td>{shareText(link.spotShareBps)}</td>
                <td>{shareText(link.futuresShareBps)}</td>
                <td>{format.number(link.clicks)}</td>
                <td>{format.number(link.signups)}</td>
                <td className="link-actions">
                  <button type="button" className="link-button" onClick={() => void copy(link)}>{t("copy")}</button>
                  <button type="button" className="link-button" aria-expanded={qrFor === link.id} onClick={() => setQrFor(qrFor === link.id ? null : link.id)}>
                    {t("showQr")}
                  </button>
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
      <h3>{t("createTitle")}</h3>
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
    </section>
  );
}
