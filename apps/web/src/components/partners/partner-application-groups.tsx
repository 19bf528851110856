"use client";
import { Form, Input, InputNumber, Select } from "antd";
import { useTranslations } from "next-intl";
import {
  BROKER_TYPES,
  INCUBATION_SECTORS,
  INCUBATION_STAGES,
  INSTITUTION_TYPES,
  brokerApplicationSchema,
  incubationApplicationSchema,
  type PartnerApplicationKind,
} from "@affiliates/contracts";
import { CountrySelect } from "@/components/form/country-select";
import { MAX_USDT, useFormRules } from "@/components/form/form-rules";

/**
 * The catalogue's key of each project stage: the same as the stage but for `prototype`, a name the message compiler
 * refuses as a key (next.config.ts precompiles catalogues).
 */
const STAGE_MESSAGES = {
  idea: "idea",
  prototype: "prototyping",
  testnet: "testnet",
  mainnet: "mainnet",
} as const satisfies Record<(typeof INCUBATION_STAGES)[number], string>;

// The field groups of a partner application (PartnerApplicationFields): the contact fields every kind shares, then
// each kind's own.

const MAX_USERS = 1_000_000_000;
/** The contract's checks of the fields every kind shares (the same schema parts for each kind). */
const common = brokerApplicationSchema.shape;

// Each list with its own labels, so a value of the contracts without a label under its group fails the type check.
export const options = <V extends string>(values: readonly V[], label: (value: V) => string) =>
  values.map((value) => ({ value, label: label(value) }));
// No min/max on the inputs: a value out of range stays as typed and its rule says what is wrong, next to the field.
const usdtInput = <InputNumber step={1000} precision={0} style={{ width: "100%" }} dir="ltr" />;

/** The contact fields every kind shares; an incubation project names its team rather than its company. */
export function ContactFields({ kind }: { kind: PartnerApplicationKind }) {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="name" label={t("name")} rules={rules.text(2, 80)} validateFirst>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label={t("email")} rules={rules.email(common.email)} validateFirst extra={help("email")}>
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
    </>
  );
}

export function BrokerFields() {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  return (
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
  );
}

export function MarketMakerFields() {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  return (
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
      <Form.Item name="markets" label={t("markets")} rules={rules.text(2, 300)} validateFirst extra={help("markets")}>
        <Input placeholder="BTC/USDT, ETH/USDT" dir="ltr" />
      </Form.Item>
      <Form.Item name="exchanges" label={t("exchanges")} rules={rules.optionalText(300)}>
        <Input />
      </Form.Item>
    </>
  );
}

/** Institutional and institutional-pro: the institution, and for pro its current volume. */
export function InstitutionalFields({ kind }: { kind: "institutional" | "institutional-pro" }) {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  return (
    <>
      <Form.Item name="institutionType" label={t("institutionType")} rules={rules.choice()}>
        <Select options={options(INSTITUTION_TYPES, (v) => t(`institutionTypes.${v}`))} />
      </Form.Item>
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
      <Form.Item
        name="assetsUsdt"
        label={t("assets")}
        rules={rules.wholeNumber(MAX_USDT)}
        validateFirst
        extra={help("amount")}
      >
        {usdtInput}
      </Form.Item>
    </>
  );
}

export function IncubationFields() {
  const t = useTranslations("partners.form");
  const help = useTranslations("form.help");
  const rules = useFormRules();
  return (
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
        <Select options={options(INCUBATION_STAGES, (v) => t(`stages.${STAGE_MESSAGES[v]}`))} />
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
  );
}
