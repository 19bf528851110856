"use client";
import { Form, Input, Modal, type FormInstance } from "antd";
import { useTranslations } from "next-intl";
import type { AffiliateLinkUpdateRequest, ReferralLink } from "@affiliates/contracts";
import { useApiAction } from "@/lib/use-api";
import { LinkShareFields } from "./link-share-fields";
import { LINK_LABEL_MAX } from "./link-rules";
import { SCROLL_TO_FIRST_ERROR } from "@/components/form/form-rules";

export type LinkEditValues = Pick<AffiliateLinkUpdateRequest, "label" | "channel" | "spotShareBps" | "futuresShareBps">;

/**
 * The dialog that edits a link's label and share settings. `form` is the caller's, which fills it in before opening
 * (the dialog is rendered while closed, so the fields are there to fill); `update` sends a change and says whether it
 * was saved.
 */
export function LinkEditDialog({
  editing,
  form,
  update,
  onClose,
}: {
  editing: ReferralLink | null;
  form: FormInstance<LinkEditValues>;
  update: (link: ReferralLink, patch: AffiliateLinkUpdateRequest, done: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  // The save: `loading` while it is under way (archive and restore are single clicks of their own).
  const saving = useApiAction((link: ReferralLink, values: LinkEditValues) =>
    update(link, { ...values, label: values.label?.trim(), channel: values.channel ?? null }, ta("saved")),
  );
  const save = async (values: LinkEditValues) => {
    if (!editing || saving.loading) return;
    if (await saving.runAsync(editing, values)) onClose();
  };

  return (
    <Modal
      open={editing !== null}
      title={editing ? ta("editTitle", { code: editing.code }) : null}
      okText={ta("save")}
      cancelText={ta("cancel")}
      confirmLoading={saving.loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<LinkEditValues>
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        form={form}
        name="link-edit"
        layout="vertical"
        onFinish={(values) => void save(values)}
        data-testid="link-edit-form"
        noValidate
      >
        <Form.Item
          name="label"
          label={t("label")}
          rules={[{ required: true }, { whitespace: true }, { max: LINK_LABEL_MAX }]}
        >
          <Input />
        </Form.Item>
        <LinkShareFields />
      </Form>
    </Modal>
  );
}
