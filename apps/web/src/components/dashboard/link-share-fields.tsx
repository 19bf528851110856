"use client";
import { Form, Select } from "antd";
import { useTranslations } from "next-intl";
import { AFFILIATE_CHANNEL_TYPES, AFFILIATE_LINK_SHARE_BPS } from "@affiliates/contracts";
import { NUM_TAG } from "@/lib/bidi";
import { useBpsPercent } from "@/lib/use-bps-percent";

/**
 * A link's share settings, the same in the create form and the edit dialog (they had drifted apart): the channel it
 * is shared on and the spot and futures shares given back to invitees, one of AFFILIATE_LINK_SHARE_BPS each.
 */
export function LinkShareFields() {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const tc = useTranslations("apply");
  const percent = useBpsPercent();
  const shareOptions = AFFILIATE_LINK_SHARE_BPS.map((bps) => ({
    value: bps,
    label: t.rich("share", { share: percent(bps), ...NUM_TAG }),
  }));
  const channelOptions = AFFILIATE_CHANNEL_TYPES.map((type) => ({ value: type, label: tc(`channelTypes.${type}`) }));
  return (
    <>
      <Form.Item name="channel" label={ta("channel")}>
        <Select options={channelOptions} allowClear />
      </Form.Item>
      <Form.Item name="spotShareBps" label={t("spotShare")}>
        <Select options={shareOptions} />
      </Form.Item>
      <Form.Item name="futuresShareBps" label={t("futuresShare")}>
        <Select options={shareOptions} />
      </Form.Item>
    </>
  );
}
