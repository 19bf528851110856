"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useInterval } from "ahooks";
import { isHttpError } from "@affiliates/http";
import type { Locale } from "@affiliates/locales";
import { VipResponseCode, type VipAirdrop } from "@affiliates/contracts";
import { api } from "@/lib/api";
import { useApiAction } from "@/lib/use-api";
import { useEndpoint } from "@/lib/use-endpoint";
import { goToLogin } from "@/lib/native-app";
import { showMessage } from "@/lib/toast";
import { useSession } from "@/state/session";
import { hasLoadProblem, LoadProblem } from "@/components/status/loaded";
import { useVipFormat } from "./vip-format";
import { VIP_TRACKING_IDS } from "./vip-tracking-ids";
import styles from "./vip.module.css";

const SECOND_MS = 1000;
/** The refusals a campaign card explains itself, translated, under its button: the request client does not toast them. */
const CARD_REFUSALS: readonly string[] = [VipResponseCode.levelTooLow, VipResponseCode.airdropNotLive];
const pad = (n: number) => String(n).padStart(2, "0");

/** The split of a time span for the countdown text (days, then hh:mm:ss). */
export function splitSpan(ms: number): { days: number; hours: string; minutes: string; seconds: string } {
  const total = Math.max(0, Math.floor(ms / SECOND_MS));
  return {
    days: Math.floor(total / 86_400),
    hours: pad(Math.floor(total / 3600) % 24),
    minutes: pad(Math.floor(total / 60) % 60),
    seconds: pad(total % 60),
  };
}

/** New-coin airdrops: state, countdowns that tick, the level each requires, and joining for an eligible user. */
export function VipAirdrops({ locale }: { locale: Locale }) {
  const t = useTranslations("vipAirdrop");
  const tc = useTranslations("vipCommon");
  const { complete, isLogin } = useSession();
  // The list carries the user's own flags, so it waits for the session check (and is fetched again after a login).
  const { data, error, mutate, refresh } = useEndpoint(
    "vipAirdrops",
    {},
    {
      varies: { as: isLogin ? "user" : "visitor" },
      ready: complete,
      refreshDeps: [isLogin],
    },
  );
  // Countdowns run on the server's clock: the skew between it and this device is measured when the list arrives.
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    // The skew is measured when an answer arrives, against this device's clock at that moment: not derivable in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (data) setSkew(Date.parse(data.now) - Date.now());
  }, [data]);
  useInterval(() => setNow(Date.now() + skew), SECOND_MS, { immediate: true });
  // A campaign whose start or end has passed changes state: ask the server again.
  const nextChange = data?.campaigns
    .map((c) => Date.parse(c.state === "upcoming" ? c.startsAt : c.endsAt))
    .filter((at) => at > Date.parse(data.now));
  const due = now !== null && (nextChange ?? []).some((at) => at <= now);
  useEffect(() => {
    if (due) refresh();
  }, [due, refresh]);

  const joining = useApiAction((id: string) => api.vipAirdropJoin({ id }, { handledCodes: CARD_REFUSALS }));
  const [refusals, setRefusals] = useState<Record<string, string>>({});

  const join = async (campaign: VipAirdrop) => {
    // One join at a time: a second run would leave the first one's answer unread (ahooks keeps only the latest).
    if (!complete || joining.loading) return;
    if (!isLogin) {
      void goToLogin(locale);
      return;
    }
    setRefusals(({ [campaign.id]: _dropped, ...rest }) => rest);
    try {
      const joined = await joining.runAsync(campaign.id);
      if (data) {
        mutate({
          ...data,
          campaigns: data.campaigns.map((c) =>
            c.id === campaign.id
              ? { ...c, joined: true, participants: c.participants + (joined.alreadyJoined ? 0 : 1) }
              : c,
          ),
        });
      }
      void showMessage("success", t("joinedToast", { name: campaign.name }), "airdrop-joined");
    } catch (failure) {
      // Any other failure has been toasted by the request client.
      if (!isHttpError(failure) || failure.kind !== "business" || !CARD_REFUSALS.includes(failure.code)) return;
      // The campaign's own words. Either refusal means the list was out of date (the campaign ended, or the level it
      // showed was lost since): the short sentence, without the stale level, and the list read again.
      const text = failure.code === VipResponseCode.airdropNotLive ? t("notLive") : t("levelTooLowShort");
      refresh();
      setRefusals((all) => ({ ...all, [campaign.id]: text }));
    }
  };

  if (hasLoadProblem({ data, error, refresh })) {
    return (
      <div className="section">
        <LoadProblem result={{ data, error, refresh }} failed={tc("loadFailed")} />
      </div>
    );
  }
  return (
    <section className="section" aria-labelledby="airdrop-list-title">
      <div className="section-head">
        <h2 id="airdrop-list-title">{t("listTitle")}</h2>
        <p className="muted" data-testid="airdrop-user-level">
          {data
            ? data.userLevel !== null
              ? t("yourLevel", { level: `VIP${data.userLevel}` })
              : t("visitorHint")
            : "\u00a0"}
        </p>
      </div>
      <ul className={styles.campaigns} aria-busy={!data} data-testid="airdrop-list">
        {data?.campaigns.length === 0 && <li>{t("empty")}</li>}
        {data?.campaigns.map((campaign) => (
          <Campaign
            key={campaign.id}
            campaign={campaign}
            now={now}
            visitor={complete && !isLogin}
            userLevel={data.userLevel}
            pending={joining.loading && joining.params[0] === campaign.id}
            refusal={refusals[campaign.id]}
            onJoin={() => void join(campaign)}
          />
        ))}
      </ul>
    </section>
  );
}

interface CampaignProps {
  campaign: VipAirdrop;
  now: number | null;
  visitor: boolean;
  /** The signed-in user's VIP level (null: a visitor, or not known). */
  userLevel: number | null;
  pending: boolean;
  refusal: string | undefined;
  onJoin: () => void;
}

function Campaign({ campaign, now, visitor, userLevel, pending, refusal, onJoin }: CampaignProps) {
  const t = useTranslations("vipAirdrop");
  const f = useVipFormat();
  const timer = (key: "startsIn" | "endsIn", at: string) =>
    now === null ? "\u00a0" : t(key, { time: t("countdown", splitSpan(Date.parse(at) - now)) });
  const titleId = `airdrop-${campaign.id}`;
  // Below the campaign's level the button is not offered as if it would work (issue 34): it says why, unpressable.
  const belowLevel = userLevel !== null && userLevel < campaign.requiredLevel;
  const required = `VIP${campaign.requiredLevel}`;
  return (
    <li
      className={`card ${styles.campaign}`}
      data-testid={`airdrop-${campaign.id}`}
      data-state={campaign.state}
      aria-labelledby={titleId}
    >
      <div className={styles.campaignHead}>
        <h3 id={titleId}>
          {campaign.name} <span className="muted">({campaign.coin})</span>
        </h3>
        <span className={styles.badge} data-state={campaign.state}>
          {t(`states.${campaign.state}`)}
        </span>
      </div>
      <div className={styles.facts}>
        <p>{t("pool", { amount: f.amount(campaign.poolAmount), coin: campaign.coin })}</p>
        <p data-testid="airdrop-required">{t("required", { level: `VIP${campaign.requiredLevel}` })}</p>
        <p>{t("participants", { count: campaign.participants })}</p>
      </div>
      <p className={styles.timer} data-testid="airdrop-timer" aria-live="off" suppressHydrationWarning>
        {campaign.state === "upcoming" && timer("startsIn", campaign.startsAt)}
        {campaign.state === "live" && timer("endsIn", campaign.endsAt)}
        {campaign.state === "ended" && t("endedOn", { date: f.date(campaign.endsAt) })}
      </p>
      {campaign.state === "live" && campaign.joined ? (
        <p className={styles.check} data-testid="airdrop-joined">
          {t("joined")}
        </p>
      ) : (
        <button
          type="button"
          className={`${campaign.state === "live" ? "button button-primary" : "button button-ghost"} ${styles.thumb}`}
          disabled={campaign.state !== "live" || pending || belowLevel}
          aria-describedby={belowLevel && campaign.state === "live" ? `${titleId}-level` : undefined}
          aria-busy={pending}
          data-track-id={VIP_TRACKING_IDS.airdropJoin}
          data-track-name={campaign.id}
          onClick={onJoin}
        >
          {campaign.state !== "live"
            ? campaign.joined
              ? t("joined")
              : t("notOpen")
            : pending
              ? t("joining")
              : visitor
                ? t("loginToJoin")
                : belowLevel
                  ? t("required", { level: required })
                  : t("join")}
        </button>
      )}
      {belowLevel && campaign.state === "live" && !refusal && (
        <p className="muted" id={`${titleId}-level`} data-testid="airdrop-level-note">
          {t("levelTooLow", { required, level: `VIP${userLevel}` })}
        </p>
      )}
      {refusal && (
        <p className={styles.refusal} role="alert" data-testid="airdrop-refusal">
          {refusal}
        </p>
      )}
    </li>
  );
}
