import { useMessages, useTranslations } from "next-intl";
import { isKeyOf, keysOf } from "@/lib/message-keys";
import { useLocaleFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { IncubationCohortProject } from "@affiliates/contracts";
import { SafeLink } from "@/components/safe/safe-link";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import type { ProgrammeAnswer } from "./partner-units";
import { TierTable, type TierColumn } from "@/components/programme/tier-table";

const PLACEHOLDER_ROWS = 8;

/** The incubation programme from the API: what it offers, its stages, past cohorts, FAQ. */
export function IncubationOverview({ data }: { data: ProgrammeAnswer<"incubation"> | undefined }) {
  const t = useTranslations("partners.incubation");
  const tc = useTranslations("partners");
  const stages = useMessages().partners.incubation.stages;
  const format = useLocaleFormat();
  const cohortColumns = useCohortColumns();
  const usdt = (value: number) => tc("usdt", { value: format.number(value) });
  return (
    <>
      <section className="section" aria-labelledby="incubation-offers-title">
        <h2 id="incubation-offers-title">{t("offersTitle")}</h2>
        <FeatureList
          group="incubation"
          features={data?.offers}
          testId="incubation-offers"
          formatValue={{ funding: usdt }}
        />
      </section>
      <section className="section" aria-labelledby="incubation-stages-title">
        <h2 id="incubation-stages-title">{t("stagesTitle")}</h2>
        {data ? (
          <ol className="steps" data-testid="incubation-stages">
            {data.stages.map((stage, index) => (
              <li key={stage.key} className="card" data-stage={stage.key}>
                <span className="step-number" aria-hidden="true">
                  {format.number(index + 1)}
                </span>
                <h3>{isKeyOf(stages, stage.key) ? t(`stages.${stage.key}.title`) : stage.key}</h3>
                <p className="muted">{t("weeks", { count: stage.weeks })}</p>
                {isKeyOf(stages, stage.key) && <p>{t(`stages.${stage.key}.body`)}</p>}
              </li>
            ))}
          </ol>
        ) : (
          <StagesGhost />
        )}
      </section>
      <section className="section" aria-labelledby="incubation-cohorts-title">
        <h2 id="incubation-cohorts-title">{t("cohortsTitle")}</h2>
        <div className="table-scroll">
          <TierTable
            className="data-table partner-table"
            attributes={{ "data-testid": "incubation-cohorts" }}
            caption={t("cohortsCaption")}
            rowHeader={t("project")}
            loading={!data}
            placeholderRows={PLACEHOLDER_ROWS}
            rows={data?.cohorts ?? []}
            rowKey={(project) => project.id}
            rowName={(project) => (
              // A project's site comes from data: a safe link (requirements.md §5), opened without access to this page.
              <SafeLink href={project.website} target="_blank" dir="ltr">
                {project.name}
              </SafeLink>
            )}
            columns={cohortColumns}
          />
        </div>
      </section>
      <PartnerFaq items={data?.faq ?? []} id="incubation" />
    </>
  );
}

/** Every stage of the catalogue, unseen, while the programme loads: the cohorts below stay where they will be. */
function StagesGhost() {
  const t = useTranslations("partners.incubation");
  const keys = keysOf(useMessages().partners.incubation.stages);
  return (
    <ol className="steps ghost" aria-hidden="true" aria-busy="true">
      {keys.map((key) => (
        <li key={key} className="card">
          <span className="step-number">0</span>
          <h3>{t(`stages.${key}.title`)}</h3>
          <p className="muted">{t("weeks", { count: 1 })}</p>
          <p>{t(`stages.${key}.body`)}</p>
        </li>
      ))}
    </ol>
  );
}

/** The cohort table's columns after the project (the row's heading), each cell's label in the phone card view too. */
function useCohortColumns(): TierColumn<IncubationCohortProject>[] {
  const t = useTranslations("partners.incubation");
  const tc = useTranslations("partners");
  const tf = useTranslations("partners.form.sectors");
  const format = useLocaleFormat();
  return [
    { key: "cohort", label: t("cohort"), cell: (project) => <bdi>{project.cohort}</bdi> },
    { key: "sector", label: t("sector"), cell: (project) => tf(project.sector) },
    // Money raised: to the cent, as every amount.
    {
      key: "raised",
      label: t("raised"),
      cell: (project) => tc("usdt", { value: format.number(project.raisedUsdt, MONEY_DIGITS) }),
    },
    {
      key: "listed",
      label: t("listed"),
      cell: (project) =>
        project.listedOn
          ? format.dateTime(new Date(`${project.listedOn}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })
          : t("notListed"),
    },
  ];
}
