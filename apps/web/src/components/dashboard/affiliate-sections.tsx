"use client";
import dynamic from "next/dynamic";
import { Deferred } from "@/components/loading/deferred";
import { withDashboardKit } from "./dashboard-island";
import { deskSectionId } from "./desk-summary";
import styles from "./dashboard.module.css";

// Below the fold (antd Table, Form, QRCode): each loads in its own chunk when it is needed, with antd's providers
// around it (dashboard-island.ts).
const ReferralLinks = dynamic(() => withDashboardKit(import("./referral-links").then((m) => m.ReferralLinks)), {
  ssr: false,
});
const InviteesTable = dynamic(() => withDashboardKit(import("./invitees-table").then((m) => m.InviteesTable)), {
  ssr: false,
});
const CommissionRecords = dynamic(
  () => withDashboardKit(import("./commission-records").then((m) => m.CommissionRecords)),
  { ssr: false },
);
const PayoutsSection = dynamic(() => withDashboardKit(import("./payouts-section").then((m) => m.PayoutsSection)), {
  ssr: false,
});
const LevelCard = dynamic(() => withDashboardKit(import("./level-card").then((m) => m.LevelCard)), { ssr: false });

/** The balance section's usual height (figures, the button, a few history rows): little shift when it loads. */
const PAYOUTS_MIN_HEIGHT = 640;

/**
 * An affiliate's desk under the period's figures, trends and funnel: the balance, the period's commission records, the
 * level, the links with the period's results and the invitees, each loaded as it nears the viewport.
 */
export function AffiliateSections({ from, to }: { from: string; to: string }) {
  return (
    <>
      {/* Under the period's figures, trends and funnel (which keep their place while it loads): the summary at the
          top already gives the balance and pending, with a jump link here. */}
      <div id={deskSectionId("balance")} className={styles.deskAnchor}>
        <Deferred name="payouts" minHeight={PAYOUTS_MIN_HEIGHT}>
          <PayoutsSection />
        </Deferred>
      </div>
      <div id={deskSectionId("records")} className={styles.deskAnchor}>
        <Deferred name="commissions" minHeight={700}>
          <CommissionRecords key={`${from}:${to}`} from={from} to={to} />
        </Deferred>
      </div>
      <Deferred name="level" minHeight={340}>
        <LevelCard />
      </Deferred>
      <div id={deskSectionId("links")} className={styles.deskAnchor}>
        <Deferred name="links" minHeight={520}>
          <ReferralLinks from={from} to={to} />
        </Deferred>
      </div>
      <div id={deskSectionId("invitees")} className={styles.deskAnchor}>
        <Deferred name="invitees" minHeight={720}>
          <InviteesTable />
        </Deferred>
      </div>
    </>
  );
}
