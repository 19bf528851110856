"use client";
import { useRef } from "react";
import { Button, Form, Input } from "antd";
import { useTranslations } from "next-intl";
import { AffiliateResponseCode, type AffiliateLinkCreateRequest, type ReferralLink } from "@affiliates/contracts";
import { isHttpError } from "@affiliates/http";
import { api } from "@/lib/api";
import { useApiErrorText } from "@/lib/api-error-text";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { LinkShareFields } from "./link-share-fields";
import { LINK_CODE_MAX, LINK_CODE_MIN, LINK_CODE_PATTERN, LINK_LABEL_MAX } from "./link-rules";
import styles from "./dashboard.module.css";
import { SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";
import { PaintFirstForm } from "@/components/form/paint-first-form";

/** True for the refusal of a vanity code that is already in use (case-insensitively). */
const isCodeTaken = (error: unknown): boolean =>
  isHttpError(error) && error.kind === "business" && error.code === AffiliateResponseCode.linkCodeTaken;

/**
 * The form that creates a referral link, with the same share settings as the edit dialog. The vanity code's format is stated under the field and checked as the API
 * checks it; a code that is already taken is said once, next to the field (not also as a toast).
 */
export function LinkCreateForm({ onCreated }: { onCreated: (link: ReferralLink) => void }) {
  const t = useTranslations("affiliateDashboard.links");
  const errorText = useApiErrorText();
  const [form] = Form.useForm<AffiliateLinkCreateRequest>();
  // A taken vanity code is shown next to the code field, so the request client does not toast it too.
  const creating = useApiAction((body: AffiliateLinkCreateRequest) =>
    api.linkCreate(body, { handledCodes: [AffiliateResponseCode.linkCodeTaken] }),
  );
  const formatHelp = t("codeHelp", { min: LINK_CODE_MIN, max: LINK_CODE_MAX });
  // A second tap before the first one's request has started (the submit waits for a paint) creates nothing more.
  const inFlight = useRef(false);

  const create = async (values: AffiliateLinkCreateRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const created = await creating.runAsync({
        ...values,
        label: values.label.trim(),
        code: values.code?.trim() ? values.code.trim() : undefined,
        // A cleared channel is no channel: the create call takes none rather than null.
        channel: values.channel ?? undefined,
      });
      onCreated(created);
      form.resetFields();
      void showMessage("success", t("created"), "link-created");
    } catch (error) {
      // Other refusals have been toasted by the request client.
      if (isCodeTaken(error)) form.setFields([{ name: "code", errors: [errorText(error)] }]);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Form<AffiliateLinkCreateRequest>
      scrollToFirstError={SCROLL_TO_FIRST_ERROR}
      component={PaintFirstForm}
      form={form}
      layout="vertical"
      onFinish={(values) => void create(values)}
      initialValues={{ spotShareBps: 0, futuresShareBps: 0 }}
      data-testid="link-form"
      className={styles.linkForm}
      noValidate
    >
      <Form.Item
        name="label"
        label={t("label")}
        rules={[{ required: true }, { whitespace: true }, { max: LINK_LABEL_MAX }]}
      >
        <Input data-testid="link-label-input" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t("codeOptional")}
        extra={<span data-testid="link-code-help">{formatHelp}</span>}
        rules={[{ pattern: LINK_CODE_PATTERN, message: t("codeInvalid", { min: LINK_CODE_MIN, max: LINK_CODE_MAX }) }]}
      >
        <Input
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          data-testid="link-code-input"
        />
      </Form.Item>
      <LinkShareFields />
      <Form.Item className={styles.linkFormSubmit}>
        <Button type="primary" htmlType="submit" loading={creating.loading} data-testid="link-create">
          {t("create")}
        </Button>
      </Form.Item>
    </Form>
  );
}
