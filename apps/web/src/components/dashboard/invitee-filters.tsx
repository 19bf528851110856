"use client";
import { Button, Input, Select } from "antd";
import { useTranslations } from "next-intl";
import type { ReferralLink } from "@affiliates/contracts";
import styles from "./dashboard.module.css";

type YesNo = "yes" | "no";
/** The table's filters (issue 34): each maps to an indexed column of the API's query (migration 0006/0018). */
export interface InviteeFilterValues {
  /** A link's id as the query carries it. */
  linkId?: string | undefined;
  traded?: YesNo | undefined;
  kyc?: YesNo | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
}
export const NO_FILTERS: InviteeFilterValues = {};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yes / no / any filter (traded, KYC): its label, the two answers and "any" from `filters.<field>{,Yes,No}`. */
function YesNoFilter({
  field,
  value,
  onFilter,
}: {
  field: "traded" | "kyc";
  value: YesNo | undefined;
  onFilter: (change: InviteeFilterValues) => void;
}) {
  const tf = useTranslations("affiliateDashboard.invitees.filters");
  return (
    <label className={styles.filter}>
      <span>{tf(field)}</span>
      <Select<YesNo | "">
        value={value ?? ""}
        popupMatchSelectWidth={false}
        options={[
          { value: "", label: tf("any") },
          { value: "yes", label: tf(`${field}Yes`) },
          { value: "no", label: tf(`${field}No`) },
        ]}
        onChange={(next) => onFilter({ [field]: next === "" ? undefined : next })}
        data-testid={`invitee-filter-${field}`}
      />
    </label>
  );
}

/**
 * The invitees' filters: the link they came through, whether they traded and passed KYC, and the days they signed up
 * between; "Clear" once any is set. `onFilter` gets the filters that changed, `onClear` drops them all.
 */
export function InviteeFilters({
  filters,
  links,
  onFilter,
  onClear,
}: {
  filters: InviteeFilterValues;
  links: readonly ReferralLink[];
  onFilter: (change: InviteeFilterValues) => void;
  onClear: () => void;
}) {
  const tp = useTranslations("affiliateDashboard.period");
  const tf = useTranslations("affiliateDashboard.invitees.filters");
  const filtered = Object.values(filters).some((v) => v !== undefined);
  return (
    <div role="group" aria-label={tf("label")} className={styles.filters} data-testid="invitee-filters">
      <label className={styles.filter}>
        <span>{tf("link")}</span>
        <Select<string>
          value={filters.linkId ?? ""}
          popupMatchSelectWidth={false}
          options={[
            { value: "", label: tf("anyLink") },
            ...links.map((l) => ({ value: String(l.id), label: `${l.label} · ${l.code}` })),
          ]}
          onChange={(value) => onFilter({ linkId: value === "" ? undefined : value })}
          data-testid="invitee-filter-link"
        />
      </label>
      <YesNoFilter field="traded" value={filters.traded} onFilter={onFilter} />
      <YesNoFilter field="kyc" value={filters.kyc} onFilter={onFilter} />
      <fieldset className={styles.filter}>
        <legend>{tf("registered")}</legend>
        <span className={styles.dateRange}>
          <Input
            type="date"
            aria-label={`${tf("registered")}: ${tp("start")}`}
            value={filters.registeredFrom ?? ""}
            max={filters.registeredTo}
            onChange={(e) => onFilter({ registeredFrom: DAY.test(e.target.value) ? e.target.value : undefined })}
            data-testid="invitee-filter-from"
          />
          <Input
            type="date"
            aria-label={`${tf("registered")}: ${tp("end")}`}
            value={filters.registeredTo ?? ""}
            min={filters.registeredFrom}
            onChange={(e) => onFilter({ registeredTo: DAY.test(e.target.value) ? e.target.value : undefined })}
            data-testid="invitee-filter-to"
          />
        </span>
      </fieldset>
      {filtered && (
        <Button type="link" onClick={onClear} data-testid="invitee-filter-clear">
          {tf("clear")}
        </Button>
      )}
    </div>
  );
}
