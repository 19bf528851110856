import { useMessages, useTranslations } from "next-intl";
import { asDataTranslator } from "@/lib/message-keys";
import { useLocaleFormat } from "@/lib/format-hook";
import type { PartnerFeature } from "@affiliates/contracts";
import { GHOST_FIGURE } from "@/components/loading/ghost";

type Group = "broker" | "marketMaker" | "institutional" | "pro" | "incubation";

/**
 * A programme's features as cards: the texts come from the catalogue under `partners.features.<group>.<key>`, the
 * figure each quotes from the API (formatted for the locale, or by `formatValue` for a key with its own unit).
 * Until the features arrive (`features` undefined), every card of the catalogue stands in, unseen (ghost), so the
 * sections below do not move when they do.
 */
export function FeatureList({
  group,
  features,
  testId,
  formatValue = {},
}: {
  group: Group;
  features: PartnerFeature[] | undefined;
  testId: string;
  formatValue?: Partial<Record<string, (value: number) => string>>;
}) {
  // The group's keys differ by group (a union the type check cannot index): each is asked with `has` first.
  const t = asDataTranslator(useTranslations(`partners.features.${group}`));
  const catalogue = useMessages().partners.features[group];
  const format = useLocaleFormat();
  if (!features) {
    const keys = Object.keys(catalogue);
    return (
      <ul className="benefits ghost" aria-hidden="true" aria-busy="true">
        {keys.map((key) => (
          <li key={key} className="card">
            <h3>{t(`${key}.title`)}</h3>
            <p className="muted">{t(`${key}.body`, { value: GHOST_FIGURE })}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="benefits" data-testid={testId}>
      {features
        .filter((feature) => t.has(`${feature.key}.title`))
        .map((feature) => {
          const value =
            feature.value === null ? "" : (formatValue[feature.key]?.(feature.value) ?? format.number(feature.value));
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
