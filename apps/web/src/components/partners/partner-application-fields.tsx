"use client";
import { useMemo } from "react";
import { Button, Checkbox, Form, Input, type GetProps } from "antd";
import type { Locale as AntdLocale } from "antd/es/locale";
import { useTranslations } from "next-intl";
import {
  INSTITUTIONAL_SERVICES,
  PARTNER_MESSAGE_MAX,
  type PartnerApplication,
  type PartnerApplicationKind,
  type PartnerApplicationRequest,
} from "@affiliates/contracts";
import { FormKit } from "@/components/form/form-kit";
import { isCountryCode } from "@affiliates/contracts";
import { useFormRules, SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";
import { useAccountPrefill, usePrefill } from "@/components/form/prefill";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import {
  BrokerFields,
  ContactFields,
  IncubationFields,
  InstitutionalFields,
  MarketMakerFields,
  options,
} from "./partner-application-groups";

type FormValues = Omit<PartnerApplicationRequest, "kind"> & Record<string, unknown>;

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

  return (
    <Form<FormValues>
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(values) => void submit(values)}
      className="partner-form"
      data-testid={`partner-form-${kind}`}
      noValidate // the translated messages speak for every field, never the browser's own bubbles
    >
      <div className="form-grid">
        <ContactFields kind={kind} />
        {kind === "broker" && <BrokerFields />}
        {kind === "market-maker" && <MarketMakerFields />}
        {(kind === "institutional" || kind === "institutional-pro") && <InstitutionalFields kind={kind} />}
        {kind === "incubation" && <IncubationFields />}
      </div>

      {kind === "institutional" && (
        <Form.Item name="services" label={t("services")} rules={rules.choices()}>
          {/* A label's `for` names no div: the group carries its name itself, for screen readers. */}
          <ServicesGroup
            aria-label={t("services")}
            options={options(INSTITUTIONAL_SERVICES, (v) => t(`serviceOptions.${v}`))}
          />
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
