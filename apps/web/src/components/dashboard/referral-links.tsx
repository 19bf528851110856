"use client";
import { startTransition, useState, type HTMLAttributes } from "react";
import { Form, Modal } from "antd";
import { useTranslations } from "next-intl";
import type { AffiliateLinkUpdateRequest, ReferralLink } from "@affiliates/contracts";
import { api } from "@/lib/api";
import { useEndpoint } from "@/lib/use-endpoint";
import { showMessage } from "@/lib/toast";
import { copyText } from "@/lib/share";
import { ResponsiveTable } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { ArchivedLinks } from "./archived-links";
import { useDeskLive } from "./desk-refresh";
import { useLinkColumns } from "./link-columns";
import { LinkCreateForm } from "./link-create-form";
import { LinkEditDialog, type LinkEditValues } from "./link-edit-dialog";
import { LinkPoster } from "./link-poster";
import { LinkQr } from "./link-qr";
import { useFreshLink } from "./use-fresh-link";
import styles from "./dashboard.module.css";

type Share = NonNullable<LinkEditValues["spotShareBps"]>;

/** The links table's least width (px): a 1366 px laptop's content column holds it with every column in view. */
const LINKS_TABLE_MIN_WIDTH = 1080;
/** The row's link code as an attribute, so a row or card can be found by its link. */
const rowOf = (link: ReferralLink): HTMLAttributes<HTMLElement> =>
  ({ "data-code": link.code }) as HTMLAttributes<HTMLElement>;

/**
 * Referral links: the active links with their results in the dashboard's period, copy, QR code, a poster,
 * editing (label, channel, shares) and archiving, and a form to create one. A table on wide screens, a card per link on
 * a phone ("Copy link" and "Poster" in reach of the thumb). Changes go through `api.linkUpdate` with the
 * device token.
 */
export function ReferralLinks({ from, to }: { from: string; to: string }) {
  const t = useTranslations("affiliateDashboard.links");
  const ta = useTranslations("affiliateDashboard.linkActions");
  const { data, error, mutate, refresh } = useEndpoint("links", { from, to }, useDeskLive([]));
  const [qrFor, setQrFor] = useState<ReferralLink | null>(null);
  const { tableBox, markFresh } = useFreshLink(data);
  const [editing, setEditing] = useState<ReferralLink | null>(null);
  const [posterFor, setPosterFor] = useState<ReferralLink | null>(null);
  const [editForm] = Form.useForm<LinkEditValues>();
  const [modal, modalHolder] = Modal.useModal();
  const active = (data?.links ?? []).filter((link) => !link.archived);
  const archived = (data?.links ?? []).filter((link) => link.archived);

  const replace = (updated: ReferralLink) =>
    mutate({ links: (data?.links ?? []).map((link) => (link.id === updated.id ? updated : link)) });

  const copy = async (link: ReferralLink) => {
    const outcome = await copyText(link.url);
    if (outcome === "app" || outcome === "web") void showMessage("success", t("copied"), "copy");
    else window.prompt(t("copy"), link.url); // app and clipboard refused (permissions, old WebView): copy by hand
  };

  const update = async (link: ReferralLink, patch: AffiliateLinkUpdateRequest, done: string): Promise<boolean> => {
    try {
      replace(await api.linkUpdate({ id: link.id, ...patch }));
      void showMessage("success", done, `link-${link.id}`);
      return true;
    } catch {
      return false; // the request client has shown the error toast
    }
  };

  const openEdit = (link: ReferralLink) => {
    // The API answers shares as plain integers; they are always one of AFFILIATE_LINK_SHARE_BPS.
    editForm.setFieldsValue({
      label: link.label,
      channel: link.channel,
      spotShareBps: link.spotShareBps as Share,
      futuresShareBps: link.futuresShareBps as Share,
    });
    setEditing(link);
  };

  const confirmArchive = (link: ReferralLink) => {
    void modal.confirm({
      title: ta("archiveConfirm", { code: link.code }),
      okText: ta("archive"),
      okButtonProps: { danger: true },
      cancelText: ta("cancel"),
      onOk: () => update(link, { archived: true }, ta("archived")),
    });
  };

  const columns = useLinkColumns({
    copy: (link) => void copy(link),
    // The poster and the QR code open in a transition: React renders the dialog (and this section again) in slices,
    // so the tap's frame paints first instead of after 150-200 ms of rendering on a phone (issue 36's INP).
    poster: (link) => startTransition(() => setPosterFor(link)),
    qr: (link) => startTransition(() => setQrFor(link)),
    edit: openEdit,
    archive: confirmArchive,
  });

  return (
    <section className="section" aria-labelledby="links-title">
      {modalHolder}
      <h2 id="links-title">{t("linksTitle")}</h2>
      <p className={`muted ${styles.caption}`}>{t("periodNote")}</p>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} />
      ) : (
        <div ref={tableBox} className={styles.linksTable} data-testid="links-table" aria-busy={!data}>
          {data && active.length === 0 ? (
            <p className="muted" data-testid="no-links">
              {ta("noLinks")}
            </p>
          ) : (
            <ResponsiveTable<ReferralLink>
              columns={columns}
              rowKey="id"
              label={t("linksCaption")}
              dataSource={active}
              loading={!data}
              pagination={false}
              size="middle"
              // A minimum width, not max-content: on a laptop the headers wrap so every column is in view (issue 34);
              // narrower than this, the table scrolls with the label and actions held at its edges.
              scroll={{ x: LINKS_TABLE_MIN_WIDTH }}
              onRow={rowOf}
            />
          )}
        </div>
      )}
      <ArchivedLinks archived={archived} onRestore={(link) => void update(link, { archived: false }, ta("restored"))} />
      <h3 className={styles.createTitle}>{t("createTitle")}</h3>
      <LinkCreateForm
        onCreated={(created) => {
          mutate({ links: [created, ...(data?.links ?? [])] });
          markFresh(created.code);
        }}
      />

      <LinkEditDialog editing={editing} form={editForm} update={update} onClose={() => setEditing(null)} />

      <Modal
        open={qrFor !== null}
        title={qrFor ? t("qrFor", { code: qrFor.code }) : null}
        footer={null}
        onCancel={() => setQrFor(null)}
        destroyOnHidden
      >
        {qrFor && <LinkQr link={qrFor} />}
      </Modal>

      <Modal
        open={posterFor !== null}
        title={posterFor ? ta("posterTitle", { code: posterFor.code }) : null}
        footer={null}
        onCancel={() => setPosterFor(null)}
        destroyOnHidden
      >
        {posterFor && <LinkPoster link={posterFor} />}
      </Modal>
    </section>
  );
}
