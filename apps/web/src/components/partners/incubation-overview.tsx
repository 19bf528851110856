"use client";
import { useMessages, useTranslations } from "next-intl";
import { isKeyOf, keysOf } from "@/lib/message-keys";
import { useFormat } from "@/lib/format-hook";
import { MONEY_DIGITS } from "@/lib/format";
import type { IncubationCohortProject } from "@affiliates/contracts";
import { SafeLink } from "@/components/safe/safe-link";
import { FeatureList } from "./feature-list";
import { PartnerFaq } from "./partner-faq";
import { usePartnerProgramme } from "./partner-data";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { PlaceholderRows } from "@/components/programme/placeholder-rows";

const PLACEHOLDER_ROWS = 8;

/** The incubation programme from the API: what it offers, its stages, past cohorts, FAQ. */
export function IncubationOverview() {
  const t = useTranslations("partners.incubation");
  const tc = useTranslations("partners");
  const stages = useMessages().partners.incubation.stages;
  const format = useFormat();
  const { data, error, refresh } = usePartnerProgramme("incubation");
  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={tc("loadFailed")} />
      </div>
    );
  }
  const usdt = (value: number) => tc("usdt", { value: format.number(value) });
  const labels: CohortLabels = { cohort: t("cohort"), sector: t("sector"), raised: t("raised"), listed: t("listed") };
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
          <table className="data-table partner-table" aria-busy={!data} data-testid="incubation-cohorts">
            <caption>{t("cohortsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("project")}</th>
                {Object.values(labels).map((label) => (
                  <th scope="col" key={label}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data ? (
                data.cohorts.map((project) => <CohortRow key={project.id} project={project} labels={labels} />)
              ) : (
                <PlaceholderRows count={PLACEHOLDER_ROWS} labels={Object.values(labels)} />
              )}
            </tbody>
          </table>
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

/** The cohort table's columns after the project (the row's heading), also each cell's label in the phone card view. */
type CohortLabels = Record<"cohort" | "sector" | "raised" | "listed", string>;

function CohortRow({ project, labels }: { project: IncubationCohortProject; labels: CohortLabels }) {
  const t = useTranslations("partners.incubation");
  const tc = useTranslations("partners");
  const tf = useTranslations("partners.form.sectors");
  const format = useFormat();
  return (
    <tr>
      <th scope="row">
        {/* A project's site comes from data: a safe link (spec §5), opened without access to this page. */}
        <SafeLink href={project.website} target="_blank" dir="ltr">
          {project.name}
        </SafeLink>
      </th>
      <td data-label={labels.cohort}>
        <bdi>{project.cohort}</bdi>
      </td>
      <td data-label={labels.sector}>{tf(project.sector)}</td>
      {/* Money raised: to the cent, as every amount. */}
      <td data-label={labels.raised}>{tc("usdt", { value: format.number(project.raisedUsdt, MONEY_DIGITS) })}</td>
      <td data-label={labels.listed}>
        {project.listedOn
          ? format.dateTime(new Date(`${project.listedOn}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" })
          : t("notListed")}
      </td>
    </tr>
  );
}
