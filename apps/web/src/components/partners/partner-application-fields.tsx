"use client";
import { useMemo } from "react";
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
  brokerApplicationSchema,
  incubationApplicationSchema,
  type PartnerApplication,
  type PartnerApplicationKind,
  type PartnerApplicationRequest,
} from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { CountrySelect } from "@/components/form/country-select";
import { isCountryCode } from "@affiliates/contracts";
import { MAX_USDT, useFormRules } from "@/components/form/form-rules";
import { useAccountPrefill, usePrefill } from "@/components/form/prefill";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";

type FormValues = Omit<PartnerApplicationRequest, "kind"> & Record<string, unknown>;

const MAX_USERS = 1_000_000_000;
/** The contract's checks of the fields every kind shares (the same schema parts for each kind). */
const common = brokerApplicationSchema.shape;

/**
 * Form.Item marks its control `aria-required`, which ARIA does not allow on a checkbox group (role=group); the
 * required mark stays on the label, the attribute is dropped here and everything else reaches the group.
 */
function ServicesGroup({
  "aria-required": _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown }) {
  return <Checkbox.Group {...props} />;
}

interface FieldsProps {
  kind: PartnerApplicationKind;
  /** The user's latest application of this kind: "send another" starts from its contact details. */
  previous: PartnerApplication | null;
  onStored: (application: PartnerApplication) => void;
}

/**
 * The fields of a partner application in FormKit (antd Form with the spec's validate messages), with the same limits
 * as the API's contract. Loaded on demand by PartnerApplicationForm, so visitors (who see a call to log in) never load
 * the UI kit.
 */
export function PartnerApplicationFields({
  antdLocale,
  ...props
}: FieldsProps & { antdLocale?: AntdLocale | undefined }) {
  return (
    <FormKit {...(antdLocale ? { antdLocale } : {})}>
      <ApplicationFields {...props} />
    </FormKit>
  );
}

function ApplicationFields({ kind, previous, onStored }: FieldsProps) {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  const [form] = Form.useForm<FormValues>();
  // Stored (said at once), then read back: the status shown is the API's.
  const apply = useApiAction(async (payload: PartnerApplicationRequest) => {
    await api.partnerApply(payload);
    void showMessage("success", t("submitted"), `partner-${kind}`);
    return api.myPartnerApplication({ kind });
  });
  const account = useAccountPrefill();
  const prefill = useMemo(
    () => ({
      name: previous?.name || account.name,
      email: previous?.email || account.email,
      company: previous?.company,
      telegram: previous?.telegram,
      country: isCountryCode(previous?.country) ? previous.country : undefined,
    }),
    [previous, account.name, account.email],
  );
  usePrefill(form, prefill);

  const submit = async (values: FormValues) => {
    try {
      const mine = await apply.runAsync({ ...values, kind } as PartnerApplicationRequest);
      if (mine.application) onStored(mine.application);
    } catch {
      // the request client has already shown the error toast
    }
  };

  // Each list with its own labels, so a value of the contracts without a label under its group fails the type check.
  const options = <V extends string>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  // No min/max on the inputs: a value out of range stays as typed and its rule says what is wrong, next to the field.
  const usdtInput = <InputNumber step={1000} precision={0} style={{ width: "100%" }} dir="ltr" />;

  return (
    <Form<FormValues>
      scrollToFirstError={{ behavior: "smooth", block: "center", focus: true }}
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(values) => void submit(values)}
      className="partner-form"
      data-testid={`partner-form-${kind}`}
      noValidate // the translated messages speak for every field, never the browser's own bubbles
    >
      <div className="form-grid">
        <Form.Item name="name" label={t("name")} rules={rules.text(2, 80)} validateFirst>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("email")}
          rules={rules.email(common.email)}
          validateFirst
          extra={help("email")}
        >
          <Input type="email" autoComplete="email" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="company"
          label={t(kind === "incubation" ? "team" : "company")}
          rules={rules.text(2, 120)}
          validateFirst
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="country" label={t("country")} rules={rules.country()} validateFirst>
          <CountrySelect />
        </Form.Item>
        <Form.Item name="telegram" label={t("telegram")} rules={rules.optionalText(64)} extra={help("telegram")}>
          <Input dir="ltr" placeholder="@" />
        </Form.Item>

        {kind === "broker" && (
          <>
            <Form.Item name="brokerType" label={t("brokerType")} rules={rules.choice()}>
              <Select options={options(BROKER_TYPES, (v) => t(`brokerTypes.${v}`))} />
            </Form.Item>
            <Form.Item
              name="platformUrl"
              label={t("platformUrl")}
              rules={rules.httpUrl(brokerApplicationSchema.shape.platformUrl)}
              validateFirst
              extra={help("url")}
            >
              <Input inputMode="url" placeholder="https://" dir="ltr" />
            </Form.Item>
            <Form.Item
              name="monthlyVolumeUsdt"
              label={t("expectedVolume")}
              rules={rules.positiveAmount(MAX_USDT)}
              validateFirst
              extra={help("volume")}
            >
              {usdtInput}
            </Form.Item>
            <Form.Item
              name="userCount"
              label={t("userCount")}
              rules={rules.wholeNumber(MAX_USERS)}
              validateFirst
              extra={help("count")}
            >
              <InputNumber precision={0} style={{ width: "100%" }} dir="ltr" />
            </Form.Item>
          </>
        )}

        {kind === "market-maker" && (
          <>
            <Form.Item
              name="monthlyVolumeUsdt"
              label={t("currentVolume")}
              rules={rules.positiveAmount(MAX_USDT)}
              validateFirst
              extra={help("volume")}
            >
              {usdtInput}
            </Form.Item>
            <Form.Item
              name="markets"
              label={t("markets")}
              rules={rules.text(2, 300)}
              validateFirst
              extra={help("markets")}
            >
              <Input placeholder="BTC/USDT, ETH/USDT" dir="ltr" />
            </Form.Item>
            <Form.Item name="exchanges" label={t("exchanges")} rules={rules.optionalText(300)}>
              <Input />
            </Form.Item>
          </>
        )}

        {(kind === "institutional" || kind === "institutional-pro") && (
          <Form.Item name="institutionType" label={t("institutionType")} rules={rules.choice()}>
            <Select options={options(INSTITUTION_TYPES, (v) => t(`institutionTypes.${v}`))} />
          </Form.Item>
        )}
        {kind === "institutional-pro" && (
          <Form.Item
            name="monthlyVolumeUsdt"
            label={t("currentVolume")}
            rules={rules.positiveAmount(MAX_USDT)}
            validateFirst
            extra={help("volume")}
          >
            {usdtInput}
          </Form.Item>
        )}
        {(kind === "institutional" || kind === "institutional-pro") && (
          <Form.Item
            name="assetsUsdt"
            label={t("assets")}
            rules={rules.wholeNumber(MAX_USDT)}
            validateFirst
            extra={help("amount")}
          >
            {usdtInput}
          </Form.Item>
        )}

        {kind === "incubation" && (
          <>
            <Form.Item name="projectName" label={t("projectName")} rules={rules.text(2, 80)} validateFirst>
              <Input />
            </Form.Item>
            <Form.Item
              name="website"
              label={t("website")}
              rules={rules.httpUrl(incubationApplicationSchema.shape.website)}
              validateFirst
              extra={help("url")}
            >
              <Input inputMode="url" placeholder="https://" dir="ltr" />
            </Form.Item>
            <Form.Item name="stage" label={t("stage")} rules={rules.choice()}>
              <Select options={options(INCUBATION_STAGES, (v) => t(`stages.${v}`))} />
            </Form.Item>
            <Form.Item name="sector" label={t("sector")} rules={rules.choice()}>
              <Select options={options(INCUBATION_SECTORS, (v) => t(`sectors.${v}`))} />
            </Form.Item>
            <Form.Item
              name="raisedUsdt"
              label={t("raised")}
              rules={rules.wholeNumber(MAX_USDT)}
              validateFirst
              extra={help("amount")}
            >
              {usdtInput}
            </Form.Item>
          </>
        )}
      </div>

      {kind === "institutional" && (
        <Form.Item name="services" label={t("services")} rules={[{ required: true }, { type: "array", min: 1 }]}>
          <ServicesGroup options={options(INSTITUTIONAL_SERVICES, (v) => t(`serviceOptions.${v}`))} />
        </Form.Item>
      )}
      <Form.Item name="message" label={t("message")} rules={rules.optionalText(PARTNER_MESSAGE_MAX)}>
        <Input.TextArea rows={4} showCount maxLength={PARTNER_MESSAGE_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.loading}>
        {t(`submit.${kind}`)}
      </Button>
    </Form>
  );
}
