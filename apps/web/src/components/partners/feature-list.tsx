"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { PartnerFeature } from "@affiliates/contracts";

type Group = "broker" | "marketMaker" | "institutional" | "pro" | "incubation";

/**
 * A programme's features as cards: the texts come from the catalogue under `partners.features.<group>.<key>`, the
 * figure each quotes from the API (formatted for the locale, or by `formatValue` for a key with its own unit).
 */
export function FeatureList({
  group,
  features,
  testId,
  formatValue = {},
}: {
  group: Group;
  features: PartnerFeature[];
  testId: string;
  formatValue?: Partial<Record<string, (value: number) => string>>;
}) {
  const t = useTranslations(`partners.features.${group}`);
  const format = useFormatter();
  return (
    <ul className="benefits" data-testid={testId} aria-busy={features.length === 0}>
      {features
        .filter((feature) => t.has(`${feature.key}.title`))
        .map((feature) => {
          const value = feature.value === null ? "" : (formatValue[feature.key]?.(feature.value) ?? format.number(feature.value));
          return (
            <li key={feature.key} className="card" data-feature={feature.key}>
              <h3>{t(`${feature.key}.title`)}</h3>
              <p className="muted">{t(`${feature.key}.body`, { value })}</p>
            </li>
          );
        })}
    </ul>
  );
}
