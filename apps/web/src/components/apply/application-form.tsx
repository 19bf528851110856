"use client";
import { useMemo } from "react";
import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import {
  AFFILIATE_CHANNEL_TYPES,
  AffiliateResponseCode,
  affiliateApplicationRequestSchema,
  affiliateChannelSchema,
  type AffiliateApplication,
  type AffiliateApplicationRequest,
} from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { FormKit } from "@/components/form/form-kit";
import { CountrySelect } from "@/components/form/country-select";
import { isCountryCode } from "@affiliates/contracts";
import { useFormRules, withHttps, SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";
import { useAccountPrefill, usePrefill } from "@/components/form/prefill";
import { useApiErrorText } from "@/lib/api-error-text";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";

const MAX_CHANNELS = 5;
const MAX_AUDIENCE = 1_000_000_000;
const MESSAGE_MAX = 2000;

interface ApplicationFormProps {
  antdLocale?: AntdLocale | undefined;
  /** A rejected application: its contact details start the new one. */
  previous?: AffiliateApplication | null;
  onStored: () => Promise<void>;
  /** The API says the user already applied (or is an affiliate): the page shows this sentence once, with the status. */
  onExists: (text: string) => Promise<void>;
}

/**
 * The affiliate application form with the shared validate messages (requirements.md §5) and the contract's limits. It
 * carries the UI kit, so the apply page loads it after the page (application-panel.tsx); `onStored` runs once the API
 * has stored it.
 */
export function ApplicationForm({ antdLocale, previous = null, onStored, onExists }: ApplicationFormProps) {
  const t = useTranslations("apply");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  const errorText = useApiErrorText();
  const [form] = Form.useForm<AffiliateApplicationRequest>();
  const apply = useApiAction((values: AffiliateApplicationRequest) =>
    api.affiliateApply(values, { handledCodes: [AffiliateResponseCode.applicationExists] }),
  );
  const account = useAccountPrefill();
  const prefill = useMemo(
    () => ({
      name: previous?.name || account.name,
      email: previous?.email || account.email,
      region: isCountryCode(previous?.region) ? previous.region : undefined,
    }),
    [previous, account.name, account.email],
  );
  usePrefill(form, prefill);

  const submit = async (values: AffiliateApplicationRequest) => {
    try {
      await apply.runAsync(values);
      void showMessage("success", t("submitted"), "application");
      await onStored();
    } catch (error) {
      // Already applied (in another tab, or an affiliate by invitation): said once, by the page, above the status.
      if (isHttpError(error) && error.code === AffiliateResponseCode.applicationExists)
        await onExists(errorText(error));
      // Anything else: the request client has shown its toast.
    }
  };

  return (
    <FormKit antdLocale={antdLocale}>
      <Form<AffiliateApplicationRequest>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) =>
          void submit({ ...values, channels: values.channels.map((c) => ({ ...c, url: String(withHttps(c.url)) })) })
        }
        // The answer comes into view: the first field in error is scrolled to and focused.
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        initialValues={{ channels: [{ type: "youtube", url: "", audience: 0 }] }}
        className="application-form"
        data-testid="application-form"
        noValidate // the translated validate messages speak for every field, not the browser's own bubbles
      >
        <Form.Item name="name" label={t("name")} rules={rules.text(2, 80)} validateFirst>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("email")}
          rules={rules.email(affiliateApplicationRequestSchema.shape.email)}
          validateFirst
          extra={help("email")}
        >
          <Input type="email" autoComplete="email" dir="ltr" />
        </Form.Item>
        <Form.List name="channels">
          {(fields, { add, remove }) => (
            <fieldset className="channels">
              <legend>{t("channels")}</legend>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap className="channel-row">
                  <Form.Item name={[field.name, "type"]} label={t("channelType")} rules={rules.choice()}>
                    <Select
                      style={{ minWidth: 160 }}
                      options={AFFILIATE_CHANNEL_TYPES.map((type) => ({
                        value: type,
                        label: t(`channelTypes.${type}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, "url"]}
                    label={t("channelUrl")}
                    rules={rules.httpUrl(affiliateChannelSchema.shape.url)}
                    validateFirst
                    extra={help("urlOrDomain")}
                  >
                    <Input
                      inputMode="url"
                      placeholder="example.com"
                      dir="ltr"
                      style={{ minWidth: 260 }}
                      // A bare domain is completed as the user leaves the field, so what is sent is what they see.
                      onBlur={(event) => {
                        const completed = withHttps(event.target.value);
                        if (completed !== event.target.value)
                          form.setFieldValue(["channels", field.name, "url"], completed);
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, "audience"]}
                    label={t("audience")}
                    rules={rules.wholeNumber(MAX_AUDIENCE)}
                    validateFirst
                    extra={help("count")}
                  >
                    <InputNumber precision={0} style={{ minWidth: 140 }} dir="ltr" />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button type="text" onClick={() => remove(field.name)} aria-label={t("removeChannel")}>
                      ×
                    </Button>
                  )}
                </Space>
              ))}
              {fields.length < MAX_CHANNELS && (
                <Button type="dashed" onClick={() => add({ type: "website", url: "", audience: 0 })}>
                  {t("addChannel")}
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
        <Form.Item name="region" label={t("region")} rules={rules.country()} validateFirst>
          <CountrySelect />
        </Form.Item>
        <Form.Item name="message" label={t("message")} rules={rules.optionalText(MESSAGE_MAX)}>
          <Input.TextArea rows={4} showCount maxLength={MESSAGE_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.loading}>
          {t("submit")}
        </Button>
      </Form>
    </FormKit>
  );
}
