"use client";
import { useState } from "react";
import { Button, Checkbox, Form, Input, InputNumber, Select, type GetProps } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import {
  BROKER_TYPES,
  INCUBATION_SECTORS,
  INCUBATION_STAGES,
  INSTITUTION_TYPES,
  INSTITUTIONAL_SERVICES,
  PARTNER_MESSAGE_MAX,
  type MyPartnerApplication,
  type PartnerApplication,
  type PartnerApplicationCreated,
  type PartnerApplicationKind,
  type PartnerApplicationRequest,
} from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { http } from "@/lib/http";
import { sensitiveCallHeaders } from "@/lib/sensitive-call";
import { showMessage } from "@/lib/toast";
import { PARTNER_PATHS } from "./partner-data";

type FormValues = Omit<PartnerApplicationRequest, "kind"> & Record<string, unknown>;

const MAX_USDT = 1_000_000_000_000;
const numberRules = (max = MAX_USDT) => [{ required: true }, { type: "integer" as const, min: 0, max }];
const textRules = (min: number, max: number) => [{ required: true }, { whitespace: true }, { min, max }];

/**
 * Form.Item marks its control `aria-required`, which ARIA does not allow on a checkbox group (role=group); the
 * required mark stays on the label, the attribute is dropped here and everything else reaches the group.
 */
function ServicesGroup({ "aria-required": _required, ...props }: GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown }) {
  return <Checkbox.Group {...props} />;
}

interface FieldsProps {
  kind: PartnerApplicationKind;
  onStored: (application: PartnerApplication) => void;
}

/**
 * The fields of a partner application in FormKit (antd Form with the spec's validate messages), with the same limits
 * as the API's contract. Loaded on demand by PartnerApplicationForm, so visitors (who see a call to log in) never load
 * the UI kit.
 */
export function PartnerApplicationFields({ antdLocale, ...props }: FieldsProps & { antdLocale?: AntdLocale | undefined }) {
  return (
    <FormKit {...(antdLocale ? { antdLocale } : {})}>
      <ApplicationFields {...props} />
    </FormKit>
  );
}

function ApplicationFields({ kind, onStored }: FieldsProps) {
  const t = useTranslations("partners.form");
  const [form] = Form.useForm<FormValues>();
  const [sending, setSending] = useState(false);

  const submit = async (values: FormValues) => {
    setSending(true);
    try {
      const payload = { ...values, kind } as PartnerApplicationRequest;
      await http.post<PartnerApplicationCreated>(PARTNER_PATHS.applications, payload, { headers: await sensitiveCallHeaders() });
      void showMessage("success", t("submitted"), `partner-${kind}`);
      const mine = await http.get<MyPartnerApplication>(PARTNER_PATHS.myApplication, { kind });
      if (mine.application) onStored(mine.application);
    } catch {
      // the request client has already shown the error toast
    } finally {
      setSending(false);
    }
  };

  const options = (group: string, values: readonly string[]) => values.map((value) => ({ value, label: t(`${group}.${value}`) }));
  const usdtInput = <InputNumber min={0} max={MAX_USDT} step={1000} precision={0} style={{ width: "100%" }} dir="ltr" />;

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(values) => void submit(values)}
      className="partner-form"
      data-testid={`partner-form-${kind}`}
    >
      <div className="form-grid">
        <Form.Item name="name" label={t("name")} rules={textRules(2, 80)}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t("email")} rules={[{ required: true }, { type: "email" }, { max: 254 }]}>
          <Input type="email" autoComplete="email" dir="ltr" />
        </Form.Item>
        <Form.Item name="company" label={t(kind === "incubation" ? "team" : "company")} rules={textRules(2, 120)}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="country" label={t("country")} rules={textRules(2, 60)}>
          <Input autoComplete="country-name" />
        </Form.Item>
        <Form.Item name="telegram" label={t("telegram")} rules={[{ max: 64 }]}>
          <Input dir="ltr" placeholder="@" />
        </Form.Item>

        {kind === "broker" && (
          <>
            <Form.Item name="brokerType" label={t("brokerType")} rules={[{ required: true }]}>
              <Select options={options("brokerTypes", BROKER_TYPES)} />
            </Form.Item>
            <Form.Item name="platformUrl" label={t("platformUrl")} rules={[{ required: true }, { type: "url" }, { max: 300 }]}>
              <Input inputMode="url" placeholder="https://" dir="ltr" />
            </Form.Item>
            <Form.Item name="monthlyVolumeUsdt" label={t("expectedVolume")} rules={numberRules()}>
              {usdtInput}
            </Form.Item>
            <Form.Item name="userCount" label={t("userCount")} rules={numberRules(1_000_000_000)}>
              <InputNumber min={0} precision={0} style={{ width: "100%" }} dir="ltr" />
            </Form.Item>
          </>
        )}

        {kind === "market-maker" && (
          <>
            <Form.Item name="monthlyVolumeUsdt" label={t("currentVolume")} rules={numberRules()}>
              {usdtInput}
            </Form.Item>
            <Form.Item name="markets" label={t("markets")} rules={textRules(2, 300)}>
              <Input placeholder="BTC/USDT, ETH/USDT" dir="ltr" />
            </Form.Item>
            <Form.Item name="exchanges" label={t("exchanges")} rules={[{ max: 300 }]}>
              <Input />
            </Form.Item>
          </>
        )}

        {(kind === "institutional" || kind === "institutional-pro") && (
          <Form.Item name="institutionType" label={t("institutionType")} rules={[{ required: true }]}>
            <Select options={options("institutionTypes", INSTITUTION_TYPES)} />
          </Form.Item>
        )}
        {kind === "institutional-pro" && (
          <Form.Item name="monthlyVolumeUsdt" label={t("currentVolume")} rules={numberRules()}>
            {usdtInput}
          </Form.Item>
        )}
        {(kind === "institutional" || kind === "institutional-pro") && (
          <Form.Item name="assetsUsdt" label={t("assets")} rules={numberRules()}>
            {usdtInput}
          </Form.Item>
        )}

        {kind === "incubation" && (
          <>
            <Form.Item name="projectName" label={t("projectName")} rules={textRules(2, 80)}>
              <Input />
            </Form.Item>
            <Form.Item name="website" label={t("website")} rules={[{ required: true }, { type: "url" }, { max: 300 }]}>
              <Input inputMode="url" placeholder="https://" dir="ltr" />
            </Form.Item>
            <Form.Item name="stage" label={t("stage")} rules={[{ required: true }]}>
              <Select options={options("stages", INCUBATION_STAGES)} />
            </Form.Item>
            <Form.Item name="sector" label={t("sector")} rules={[{ required: true }]}>
              <Select options={options("sectors", INCUBATION_SECTORS)} />
            </Form.Item>
            <Form.Item name="raisedUsdt" label={t("raised")} rules={numberRules()}>
              {usdtInput}
            </Form.Item>
          </>
        )}
      </div>

      {kind === "institutional" && (
        <Form.Item name="services" label={t("services")} rules={[{ required: true }, { type: "array", min: 1 }]}>
          <ServicesGroup options={options("serviceOptions", INSTITUTIONAL_SERVICES)} />
        </Form.Item>
      )}
      <Form.Item name="message" label={t("message")} rules={[{ max: PARTNER_MESSAGE_MAX }]}>
        <Input.TextArea rows={4} showCount maxLength={PARTNER_MESSAGE_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {t(`submit.${kind}`)}
      </Button>
    </Form>
  );
}
