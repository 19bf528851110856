"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import {
  AFFILIATE_CHANNEL_TYPES,
  type AffiliateApplication,
  type AffiliateApplicationCreated,
  type AffiliateApplicationRequest,
  type AffiliateChannel,
} from "@affiliates/contracts";
import { isLocale, localePath } from "@affiliates/locales";
import { openWindow } from "@affiliates/safety";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { fetchMyApplication, useMyApplication } from "@/lib/use-my-application";
import { showMessage } from "@/lib/toast";
import { PAGES } from "@/lib/pages";
import { SafeLink } from "@/components/safe/safe-link";
import { APPLICATIONS_PATH } from "./application-paths";


/** The affiliate application (issue 9) with the shared validate messages (spec §5). */
export function ApplicationForm() {
  const t = useTranslations("apply");
  const { data, mutate, loading } = useMyApplication();
  const [form] = Form.useForm<AffiliateApplicationRequest>();
  const [sending, setSending] = useState(false);

  const submit = async (values: AffiliateApplicationRequest) => {
    setSending(true);
    try {
      await http.post<AffiliateApplicationCreated>(APPLICATIONS_PATH, values, { headers: await sensitiveCallHeaders() });
      void showMessage("success", t("submitted"), "application");
      mutate(await fetchMyApplication());
    } catch {
      // the request client has already shown the error toast
    } finally {
      setSending(false);
    }
  };

  if (loading && !data) return <p aria-busy="true">{"\u00a0"}</p>;
  const application = data?.application;
  if (application && application.status !== "rejected") return <ApplicationStatus application={application} />;

  return (
    <>
      {application && <ApplicationStatus application={application} />}
      <Form<AffiliateApplicationRequest>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => void submit(values)}
        initialValues={{ channels: [{ type: "youtube", url: "", audience: 0 }] }}
        className="application-form"
        data-testid="application-form"
        noValidate // the translated validate messages speak for every field, not the browser's own email check
      >
        <Form.Item name="name" label={t("name")} rules={[{ required: true }, { whitespace: true }, { min: 2, max: 80 }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t("email")} rules={[{ required: true }, { type: "email" }]}>
          <Input type="email" autoComplete="email" dir="ltr" />
        </Form.Item>
        <Form.List name="channels">
          {(fields, { add, remove }) => (
            <fieldset className="channels">
              <legend>{t("channels")}</legend>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap className="channel-row">
                  <Form.Item name={[field.name, "type"]} label={t("channelType")} rules={[{ required: true }]}>
                    <Select
                      style={{ minWidth: 160 }}
                      options={AFFILIATE_CHANNEL_TYPES.map((type) => ({ value: type, label: t(`channelTypes.${type}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, "url"]} label={t("channelUrl")} rules={[{ required: true }, { type: "url" }, { max: 300 }]}>
                    <Input inputMode="url" placeholder="https://" dir="ltr" style={{ minWidth: 260 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, "audience"]} label={t("audience")} rules={[{ required: true }, { type: "integer", min: 0, max: 1_000_000_000 }]}>
                    <InputNumber min={0} style={{ minWidth: 140 }} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button type="text" onClick={() => remove(field.name)} aria-label={t("removeChannel")}>
                      ×
                    </Button>
                  )}
                </Space>
              ))}
              {fields.length < 5 && (
                <Button type="dashed" onClick={() => add({ type: "website", url: "", audience: 0 })}>
                  {t("addChannel")}
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
        <Form.Item name="region" label={t("region")} rules={[{ required: true }, { whitespace: true }, { min: 2, max: 60 }]}>
          <Input autoComplete="country-name" />
        </Form.Item>
        <Form.Item name="message" label={t("message")} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={4} showCount maxLength={2000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          {t("submit")}
        </Button>
      </Form>
    </>
  );
}

function ApplicationStatus({ application }: { application: AffiliateApplication }) {
  const t = useTranslations("apply");
  const format = useFormatter();
  const locale = useLocale();
  return (
    <section className="card application-status" aria-labelledby="status-title" data-testid="application-status" data-status={application.status}>
      <h2 id="status-title">{t("statusTitle")}</h2>
      <p className="status-badge" data-state={application.status}>{t(`status.${application.status}`)}</p>
      <p>{t(`statusBody.${application.status}`)}</p>
      <p className="muted">{t("submittedOn", { date: format.dateTime(new Date(application.createdAt), { dateStyle: "medium" }) })}</p>
      <ul className="channel-links">
        {application.channels.map((channel, index) => (
          <ChannelLink key={index} channel={channel} />
        ))}
      </ul>
      {application.status === "approved" && isLocale(locale) && (
        <a className="button button-primary" href={localePath(locale, PAGES.dashboard.path)}>{t("toDashboard")}</a>
      )}
    </section>
  );
}

/** A channel URL comes from data: a safe link, opened in a new window without access to this page (spec §5). */
function ChannelLink({ channel }: { channel: AffiliateChannel }) {
  const t = useTranslations("apply");
  const label = t(`channelTypes.${channel.type}`);
  return (
    <li>
      <SafeLink
        href={channel.url}
        target="_blank"
        data-testid="channel-link"
        onClick={(event) => {
          event.preventDefault();
          openWindow(channel.url);
        }}
        aria-label={t("openChannel", { channel: label })}
      >
        {label}
      </SafeLink>
    </li>
  );
}
