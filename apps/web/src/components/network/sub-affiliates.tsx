"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { SentSubInvitation, SubAffiliateWithOffer as SubAffiliate } from "@affiliates/contracts";
import { ResponsiveTable } from "@/components/data/responsive-table";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { api } from "@/lib/api";
import { showMessage } from "@/lib/toast";
import { useApiAction } from "@/lib/use-api";
import { useEndpoint } from "@/lib/use-endpoint";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { SUB_AFFILIATE_HANDLED_CODES } from "./sub-affiliate-rules";
import { useSubAffiliateChecks } from "./sub-affiliate-checks";
import { usePendingInvitationColumns, useSubAffiliateColumns } from "./sub-affiliate-columns";
import { SubAffiliateEdit } from "./sub-affiliate-edit";
import { SubAffiliateInvite } from "./sub-affiliate-invite";
import { MyInviter } from "./my-inviter";
import { rowAttributes } from "./row-attributes";
import styles from "./network.module.css";

const fetchList = () => api.subAffiliates();

/**
 * Sub-affiliates: the affiliate's partners with their rate, results of the last 30 days and private notes.
 * Partnership needs consent: the affiliate invites an email address at a rate strictly between 0 and their own, the
 * invitee accepts or declines; open invitations can be cancelled and a partnership ended (for future trades). An
 * invitation's terms never change (another rate is a new invitation) and it expires; after acceptance a new rate is an
 * offer the partner accepts, the agreed rate staying in force meanwhile. A sub-affiliate also sees their own inviter
 * here (MyInviter). Partners and open invitations are tables on wide screens and cards on phones.
 */
export function SubAffiliates() {
  const t = useTranslations("network.subAffiliates");
  const percent = useBpsPercent();
  const { data, error, mutate, refresh } = useEndpoint("subAffiliates", {});
  const [editing, setEditing] = useState<SubAffiliate | null>(null);
  const end = useApiAction((userId: string) => api.subAffiliateEnd({ userId }));
  const withdraw = useApiAction((id: number) =>
    api.subInvitationWithdraw({ id }, { handledCodes: SUB_AFFILIATE_HANDLED_CODES }),
  );
  const ownBps = data?.ownRateBps ?? 0;
  const checks = useSubAffiliateChecks(ownBps);

  // A fresh cached answer would stand in for refresh(): read the list again and put it in the cache.
  const reload = async () => {
    try {
      mutate(await fetchList());
    } catch {
      // the request client has shown the error; the list stays as it was
    }
  };

  const endPartnership = async (sub: SubAffiliate) => {
    try {
      await end.runAsync(sub.userId);
    } catch {
      return; // the request client has shown the error
    }
    void showMessage("success", t("ended", { name: sub.name }), "sub-ended");
    await reload();
  };

  const withdrawInvitation = async (invitation: SentSubInvitation) => {
    try {
      await withdraw.runAsync(invitation.id);
      void showMessage("success", t("invitationCancelled"), "sub-withdrawn");
    } catch (failure) {
      // Already answered or withdrawn elsewhere: the row leaves the list below, so the reason is a message of its own.
      const refused = checks.refusalText(failure);
      if (refused) void showMessage("error", refused.text, "sub-withdrawn");
    }
    await reload();
  };

  const columns = useSubAffiliateColumns({ edit: setEditing, end: endPartnership });
  const pendingColumns = usePendingInvitationColumns((invitation) => void withdrawInvitation(invitation), {
    loading: withdraw.loading,
    id: withdraw.params[0],
  });
  const subs = data?.subAffiliates ?? [];
  const pending = data?.pendingInvitations ?? [];
  return (
    <section className="section" aria-labelledby="sub-affiliates-title" data-testid="sub-affiliates">
      <h2 id="sub-affiliates-title">{t("title")}</h2>
      {hasLoadProblem({ data, error, refresh }) ? (
        <LoadProblem result={{ data, error, refresh }} failed={t("loadFailed")} />
      ) : (
        <>
          {data?.inviter && <MyInviter inviter={data.inviter} onChanged={reload} />}
          <p className="muted">{data ? t("intro", { rate: percent(ownBps) }) : "\u00a0"}</p>
          <p className={styles.caption} data-testid="table-caption">
            {t("caption")}
          </p>
          <div aria-busy={!data} data-testid="sub-affiliates-table" className={styles.tableSlot}>
            {data && subs.length === 0 ? (
              <p className="muted">{t("empty")}</p>
            ) : (
              <ResponsiveTable<SubAffiliate>
                columns={columns}
                rowKey="userId"
                label={t("caption")}
                dataSource={subs}
                loading={!data}
                pagination={false}
                scroll={{ x: "max-content" }}
                onRow={(sub) => rowAttributes({ "data-email": sub.email })}
              />
            )}
          </div>

          <SubAffiliateInvite ownBps={ownBps} ready={data !== undefined} checks={checks} onSent={reload} />

          <div data-testid="sub-pending" aria-labelledby="sub-pending-title" role="group">
            <h3 id="sub-pending-title" className={styles.subHeading}>
              {t("pendingTitle")}
            </h3>
            {data && pending.length === 0 && <p className="muted">{t("pendingEmpty")}</p>}
            {pending.length > 0 && (
              <ResponsiveTable<SentSubInvitation>
                columns={pendingColumns}
                rowKey="id"
                label={t("pendingTitle")}
                dataSource={pending}
                pagination={false}
                onRow={(invitation) =>
                  rowAttributes({ "data-testid": "sub-pending-row", "data-email": invitation.email })
                }
              />
            )}
          </div>
        </>
      )}

      <SubAffiliateEdit
        editing={editing}
        ownBps={ownBps}
        checks={checks}
        onSaved={(sub) => {
          if (data)
            mutate({ ...data, subAffiliates: data.subAffiliates.map((s) => (s.userId === sub.userId ? sub : s)) });
        }}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
