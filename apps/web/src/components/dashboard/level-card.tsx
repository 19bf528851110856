"use client";
import { Progress } from "antd";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/format-hook";
import { useEndpoint } from "@/lib/use-endpoint";
import { NUM_TAG } from "@/lib/bidi";
import { useBpsPercent } from "@/lib/use-bps-percent";
import { LoadProblem } from "@/components/status/loaded";
import { goalProgress } from "./level-progress";
import styles from "./dashboard.module.css";

type Goal = "traders" | "volume";

/**
 * The affiliate's level, rate and the next level's two monthly goals (new trading invitees and their volume; the
 * review on the 1st asks for both): each as "done / needed" with a bar, and "reached" or what is still missing, so 90
 * new traders against a goal of 15 reads as reached rather than "90 of 15".
 */
export function LevelCard() {
  const t = useTranslations("affiliateDashboard");
  const tl = useTranslations("affiliateDashboard.level");
  const format = useFormat();
  // Hooks before any early return (rules of hooks).
  const percent = useBpsPercent();
  const { data, error, refresh } = useEndpoint("affiliateLevel", {});
  if (!data) {
    return error ? (
      <section className="section card level-card" aria-labelledby="level-title" data-testid="level-card">
        <h2 id="level-title">{t("levelTitle")}</h2>
        <LoadProblem result={{ data, error, refresh }} />
      </section>
    ) : (
      <div className={`section ${styles.levelSkeleton}`} aria-busy="true" />
    );
  }
  const count = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  // Volumes run to millions: compact ("2.1M") in the card's narrow column.
  const volume = (value: number) => format.number(value, { notation: "compact", maximumFractionDigits: 1 });
  const next = data.next;
  const goals = next
    ? ([
        ["traders", data.progress.newTraders, next.monthlyNewTraders, count],
        ["volume", data.progress.volumeUsdt, next.monthlyVolumeUsdt, volume],
      ] as const satisfies readonly (readonly [Goal, number, number, (value: number) => string])[])
    : [];
  const allMet = goals.every(([, current, target]) => goalProgress(current, target).met);

  return (
    <section className="section card level-card" aria-labelledby="level-title" data-testid="level-card">
      <h2 id="level-title">{t("levelTitle")}</h2>
      <p className="level-name" data-testid="level-name">
        {data.name}
      </p>
      <p>{t.rich("bidi.rate", { rate: percent(data.rateBps), ...NUM_TAG })}</p>
      {next ? (
        <>
          <p>{allMet ? tl("allMet", { name: next.name }) : tl("goalsLead", { name: next.name })}</p>
          <ul className={styles.goals}>
            {goals.map(([name, current, target, show]) => {
              const goal = goalProgress(current, target);
              return (
                <li
                  key={name}
                  data-testid="level-goal"
                  data-goal={name}
                  data-current={current}
                  data-target={target}
                  data-met={goal.met}
                >
                  <div className={styles.goalHead}>
                    <span id={`level-goal-${name}`}>{tl(name)}</span>
                    <strong>{tl.rich("progress", { current: show(current), target: show(target), ...NUM_TAG })}</strong>
                  </div>
                  <Progress
                    percent={goal.percent}
                    showInfo={false}
                    size="small"
                    status={goal.met ? "success" : "normal"}
                    aria-labelledby={`level-goal-${name}`}
                  />
                  <p className={goal.met ? styles.goalMet : styles.goalOpen} data-testid="level-goal-state">
                    {goal.met ? tl("met") : tl.rich("toGo", { remaining: show(goal.remaining), ...NUM_TAG })}
                  </p>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>{t("topLevel")}</p>
      )}
      <p className="muted">
        {t("nextReview", {
          date: format.dateTime(new Date(`${data.nextReviewDate}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" }),
        })}
      </p>
    </section>
  );
}
