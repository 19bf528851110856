"use client";
import { useState } from "react";
import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import { AFFILIATE_CHANNEL_TYPES, type AffiliateApplicationCreated, type AffiliateApplicationRequest } from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { showMessage } from "@/lib/toast";
import { APPLICATIONS_PATH } from "./application-paths";

/**
 * The affiliate application form (issue 9) with the shared validate messages (spec §5). It carries the UI kit, so
 * the apply page loads it after the page (application-panel.tsx); `onStored` runs once the API has stored it.
 */
export function ApplicationForm({ antdLocale, onStored }: { antdLocale?: AntdLocale | undefined; onStored: () => Promise<void> }) {
  const t = useTranslations("apply");
  const [form] = Form.useForm<AffiliateApplicationRequest>();
  const [sending, setSending] = useState(false);

  const submit = async (values: AffiliateApplicationRequest) => {
    setSending(true);
    try {
      await http.post<AffiliateApplicationCreated>(APPLICATIONS_PATH, values, { headers: await sensitiveCallHeaders() });
      void showMessage("success", t("submitted"), "application");
      await onStored();
    } catch {
      // the request client has already shown the error toast
    } finally {
      setSending(false);
    }
  };

  return (
    <FormKit antdLocale={antdLocale}>
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
    </FormKit>
  );
}
