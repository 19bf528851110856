import { PostgresAdapter, sql, type Insertable } from "kysely";
import { AFFILIATE_MINIMUM_PAYOUT_USDT } from "@affiliates/contracts";
import { hashPassword } from "../domains/auth/password";
import { SETTLEMENT_HOLD_DAYS } from "../domains/affiliate/rules";
import { CARD_QUOTA_SETTING, CARD_VALIDITY_DAYS, DEFAULT_CARD_QUOTA } from "../domains/cards/rules";
import type { AffiliateLedgerTable, AffiliateTables, Db } from "../platform/db/schema";
import { AFFILIATE_DEMO_USERS, AFFILIATE_LEVELS, AFFILIATE_SPECS, DEMO_AFFILIATE_USER_ID } from "./affiliate-specs";
import { MICROS_PER_CENT } from "../platform/lib/money";
import { addDays, DAY_MS, dayOf, dayStart, firstOfNextMonth, previousMonth } from "../platform/lib/days";
import { chunked } from "../platform/db/rows";
import { rebuildTotals } from "../domains/commission/totals";

/**
 * The affiliate programme's demo data, seeded into empty tables:
 * - the commission levels Lv1–Lv3 (reference data: Bitget) and the monthly experience-card quota setting;
 * - for `affiliate@example.com` (8012345678): an approved Lv2 affiliate (45%) with 4 links, ~3,000 invitees over the
 *   last 365 days, ~12,000 commission rows, daily link statistics, 3 sub-affiliates with small histories of their own
 *   and 20 experience cards in every state;
 * - `partner@example.com` / `Partner#2026` (8012345680): a second approved affiliate (Lv1) with its own data, for rights.
 *
 * Dates are relative to the clock at seeding (`now`), so charts are always current; everything else comes from a
 * fixed-seed PRNG, so the same clock gives the same rows on every machine and dialect. Money is integer cents.
 */

/** mulberry32: a small, fast, deterministic PRNG in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A line whose commission rounds below one cent is not paid: "below minimum". */
export const MIN_COMMISSION_CENTS = 1;

const HOUR_MS = 3_600_000;
const CARD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

type Rows = { [K in keyof AffiliateTables]: Insertable<AffiliateTables[K]>[] };

export interface GeneratedAffiliateData {
  rows: Rows;
}

type Spec = (typeof AFFILIATE_SPECS)[number];

/** What generating one affiliate's rows needs: the rows so far, the ids handed out, and the clock. */
interface Generation {
  rows: Rows;
  ids: { application: number; link: number; invitee: number; commission: number; card: number };
  usedUserIds: Set<string>;
  now: number;
  today: string;
  todayStart: number;
  iso: (ms: number) => string;
}

/** The tables before any affiliate: only the levels. */
function emptyRows(): Rows {
  return {
    affiliate_levels: AFFILIATE_LEVELS.map((l) => ({
      level: l.level,
      name: l.name,
      monthly_new_traders: l.monthlyNewTraders,
      monthly_volume_usdt: l.monthlyVolumeUsdt,
      spot_rate_bps: l.spotRateBps,
      futures_rate_bps: l.futuresRateBps,
    })),
    affiliate_applications: [],
    affiliates: [],
    affiliate_links: [],
    affiliate_link_daily_stats: [],
    affiliate_invitees: [],
    affiliate_commissions: [],
    affiliate_cards: [],
  };
}

/** The affiliate's row and, when it applied, its approved application. */
function addAffiliate({ rows, ids, todayStart, iso }: Generation, spec: Spec): void {
  const joinedMs = todayStart - spec.joinedDaysAgo * DAY_MS + 9 * HOUR_MS;
  if (spec.application) {
    rows.affiliate_applications.push({
      id: ++ids.application,
      user_id: spec.userId,
      name: spec.application.name,
      email: spec.application.email,
      channels: JSON.stringify(spec.application.channels),
      region: spec.application.region,
      message: "I would like to join the programme.",
      status: "approved",
      created_at: iso(joinedMs - 2 * DAY_MS),
      decided_at: iso(joinedMs),
      decided_by_note: "Welcome aboard",
    });
  }
  rows.affiliates.push({
    user_id: spec.userId,
    level: spec.level,
    rate_bps: spec.rateBps,
    parent_user_id: spec.parentUserId,
    note: spec.note,
    joined_at: iso(joinedMs),
  });
}

/** The affiliate's links, each with the sign-ups its invitees will add by day. */
function addLinks({ rows, ids, todayStart, iso }: Generation, spec: Spec) {
  return spec.links.map((l) => {
    const id = ++ids.link;
    rows.affiliate_links.push({
      id,
      user_id: spec.userId,
      code: l.code,
      code_key: l.code.toLowerCase(),
      label: l.label,
      channel: l.channel,
      spot_share_bps: l.spotShareBps,
      futures_share_bps: l.futuresShareBps,
      created_at: iso(todayStart - l.createdDaysAgo * DAY_MS + 10 * HOUR_MS),
      archived: 0,
    });
    return { ...l, id, signupsByDay: new Map<string, number>() };
  });
}

type SeedLink = ReturnType<typeof addLinks>[number];

/** A trading invitee's commission lines from its first trade on; answers its volume and commission totals. */
function addCommissions(
  { rows, ids, today }: Generation,
  spec: Spec,
  rand: () => number,
  link: SeedLink,
  id: number,
  trade: number,
): { volumeTotal: number; commissionTotal: number } {
  let volumeTotal = 0;
  let commissionTotal = 0;
  const tradeDays = 1 + Math.floor(-Math.log(1 - rand()) * (spec.tradeDaysMean - 1));
  let day = dayOf(trade);
  for (let k = 0; k < tradeDays && day <= today; k++) {
    const r = rand();
    const lines = r < 0.55 ? ["spot"] : r < 0.85 ? ["futures"] : ["spot", "futures"];
    for (const line of lines) {
      const spot = line === "spot";
      // A few tiny spot trades: their commission falls below the minimum and is not paid.
      const tiny = spot && rand() < 0.04;
      const volumeCents = Math.round(
        (tiny ? 1 + 19 * rand() : spot ? 100 + 10_000 * rand() ** 3 : 500 + 70_000 * rand() ** 3) * 100,
      );
      const feeCents = Math.round((volumeCents * (spot ? 10 : 6)) / 10_000);
      const netBps = spec.rateBps - (spot ? link.spotShareBps : link.futuresShareBps);
      let commissionCents = Math.floor((feeCents * netBps) / 10_000);
      let reason: string | null = null;
      const why = rand();
      if (why < 0.015) reason = "self-trade";
      else if (why < 0.025) reason = "invitee opted out";
      else if (commissionCents < MIN_COMMISSION_CENTS) reason = "below minimum";
      if (reason) commissionCents = 0;
      // Settled at 00:00 UTC of T+1: yesterday's lines are settled today.
      const settled = addDays(day, SETTLEMENT_HOLD_DAYS) <= today;
      rows.affiliate_commissions.push({
        id: ++ids.commission,
        affiliate_user_id: spec.userId,
        invitee_id: id,
        trade_day: day,
        business_line: line,
        volume_cents: volumeCents,
        fee_cents: feeCents,
        commission_cents: commissionCents,
        status: settled ? "settled" : "pending",
        settled_at: settled ? `${addDays(day, SETTLEMENT_HOLD_DAYS)}T00:00:00.000Z` : null,
        reason_none: reason,
        fills: 1,
        fee_micros: feeCents * MICROS_PER_CENT,
        commission_micros: commissionCents * MICROS_PER_CENT,
        rebate_micros:
          Math.floor((feeCents * (spot ? link.spotShareBps : link.futuresShareBps)) / 10_000) * MICROS_PER_CENT,
        source: "direct",
        link_id: link.id,
      });
      volumeTotal += volumeCents;
      commissionTotal += commissionCents;
    }
    day = addDays(day, 1 + Math.floor(-Math.log(1 - rand()) * 5));
  }
  return { volumeTotal, commissionTotal };
}

/** The affiliate's invitees, spread over the last 365 days and its links; answers their ids. */
function addInvitees(g: Generation, spec: Spec, rand: () => number, links: SeedLink[]): number[] {
  const { rows, ids, usedUserIds, now, todayStart, iso } = g;
  const inviteeIds: number[] = [];
  for (let n = 0; n < spec.inviteeCount; n++) {
    const daysAgo = Math.floor(364 * Math.pow(rand(), 1.3));
    const eligible = links.filter((l) => l.createdDaysAgo > daysAgo);
    const pool = eligible.length ? eligible : links;
    let pick = rand() * pool.reduce((s, l) => s + l.weight, 0);
    const link = pool.find((l) => (pick -= l.weight) < 0) ?? pool[0];
    if (!link) continue;
    const registered = Math.min(todayStart - daysAgo * DAY_MS + Math.floor(rand() * DAY_MS), now - 60_000);
    const capped = (ms: number | null) => (ms !== null && ms <= now ? ms : null);
    const kyc = rand() < 0.62 ? capped(registered + Math.floor(rand() * 3 * DAY_MS)) : null;
    const deposit = kyc !== null && rand() < 0.6 ? capped(kyc + Math.floor(rand() * 5 * DAY_MS)) : null;
    const trade = deposit !== null && rand() < 0.85 ? capped(deposit + Math.floor(rand() * 2 * DAY_MS)) : null;
    const id = ++ids.invitee;
    inviteeIds.push(id);
    const regDay = dayOf(registered);
    link.signupsByDay.set(regDay, (link.signupsByDay.get(regDay) ?? 0) + 1);
    // A user has one inviter: invitee user ids are unique across all affiliates.
    let uid = `7${String(Math.floor(rand() * 1e9)).padStart(9, "0")}`;
    while (usedUserIds.has(uid)) uid = `7${String(Math.floor(rand() * 1e9)).padStart(9, "0")}`;
    usedUserIds.add(uid);
    const { volumeTotal, commissionTotal } =
      trade === null ? { volumeTotal: 0, commissionTotal: 0 } : addCommissions(g, spec, rand, link, id, trade);
    rows.affiliate_invitees.push({
      id,
      affiliate_user_id: spec.userId,
      link_id: link.id,
      user_id: uid,
      masked_user_id: `${uid.slice(0, 2)}****${uid.slice(-2)}`,
      registered_at: iso(registered),
      kyc_at: kyc === null ? null : iso(kyc),
      first_deposit_at: deposit === null ? null : iso(deposit),
      first_trade_at: trade === null ? null : iso(trade),
      volume_cents: volumeTotal,
      commission_cents: commissionTotal,
      commission_micros: commissionTotal * MICROS_PER_CENT,
    });
  }
  return inviteeIds;
}

/** Each link's daily clicks and sign-ups since it was created (at most 365 days). */
function addDailyStats({ rows, today }: Generation, rand: () => number, links: SeedLink[]): void {
  for (const link of links) {
    for (let d = Math.min(364, link.createdDaysAgo); d >= 0; d--) {
      const day = addDays(today, -d);
      const signups = link.signupsByDay.get(day) ?? 0;
      rows.affiliate_link_daily_stats.push({
        link_id: link.id,
        day,
        signups,
        clicks: signups * (6 + Math.floor(rand() * 10)) + Math.floor(rand() * 12 * link.weight),
      });
    }
  }
}

/** The affiliate's experience cards, in every state. */
function addCards(
  { rows, ids, now, iso }: Generation,
  spec: Spec,
  rand: () => number,
  links: SeedLink[],
  inviteeIds: number[],
): void {
  const offsets = [0, 1, 2, 4, 6, 9, 12, 15, 19, 24, 28, 33, 38, 45, 52, 60, 70, 85, 100, 120];
  for (let j = 0; j < spec.cards; j++) {
    const issued = Math.min(now - (offsets[j] ?? j * 7) * DAY_MS - Math.floor(rand() * 6 * HOUR_MS), now - HOUR_MS);
    const expires = issued + CARD_VALIDITY_DAYS * DAY_MS;
    let status: string;
    let claimed: number | null = null;
    let used: number | null = null;
    if (expires <= now) {
      status = j % 4 === 0 ? "used" : "expired";
      if (status === "used") {
        claimed = issued + DAY_MS;
        used = issued + 3 * DAY_MS;
      } else if (j % 4 === 1) claimed = issued + 2 * DAY_MS;
    } else if (j % 3 === 0) {
      status = "issued";
    } else {
      claimed = issued + Math.floor((now - issued) / 2);
      status = j % 3 === 1 ? "claimed" : "used";
      if (status === "used") used = claimed + Math.floor((now - claimed) / 2);
    }
    const code = Array.from({ length: 12 }, () => CARD_ALPHABET[Math.floor(rand() * CARD_ALPHABET.length)]).join("");
    const toLink = j % 2 === 0;
    const invitee = inviteeIds[Math.floor(rand() * inviteeIds.length)] ?? null;
    rows.affiliate_cards.push({
      id: ++ids.card,
      affiliate_user_id: spec.userId,
      code,
      amount_cents: ([10, 20, 50, 100][j % 4] ?? 10) * 100,
      status,
      issued_to_link_id: toLink ? (links[j % links.length]?.id ?? null) : null,
      issued_to_invitee_id: toLink ? null : invitee,
      claimed_by_user_id: null,
      issued_at: iso(issued),
      claimed_at: claimed === null ? null : iso(claimed),
      used_at: used === null ? null : iso(used),
      expires_at: iso(expires),
    });
  }
}

/** The rows for all AFFILIATE_SPECS at clock `now` (pure: no database). */
export function generateAffiliateData(now: number): GeneratedAffiliateData {
  const rows = emptyRows();
  const today = dayOf(now);
  const todayStart = Date.parse(dayStart(today));
  const iso = (ms: number) => new Date(ms).toISOString();
  const ids = { application: 0, link: 0, invitee: 0, commission: 0, card: 0 };
  const usedUserIds = new Set<string>();
  const g: Generation = { rows, ids, usedUserIds, now, today, todayStart, iso };

  for (const spec of AFFILIATE_SPECS) {
    const rand = prng(spec.seed);
    addAffiliate(g, spec);
    const links = addLinks(g, spec);
    const inviteeIds = addInvitees(g, spec, rand, links);
    addDailyStats(g, rand, links);
    addCards(g, spec, rand, links, inviteeIds);
  }
  return { rows };
}

/**
 * The demo ledger that the seeded history implies: one settlement credit per affiliate and settled trade day (the
 * sum of its lines), and a payout of the whole balance on the 1st of each month when it reaches the minimum.
 */
export function ledgerOf(
  commissions: Insertable<AffiliateTables["affiliate_commissions"]>[],
  now: number,
): Insertable<AffiliateLedgerTable>[] {
  const credits = new Map<string, Map<string, number>>();
  for (const line of commissions) {
    if (line.status !== "settled") continue;
    const days = credits.get(line.affiliate_user_id) ?? new Map<string, number>();
    days.set(line.trade_day, (days.get(line.trade_day) ?? 0) + Number(line.commission_cents));
    credits.set(line.affiliate_user_id, days);
  }
  const entries: Insertable<AffiliateLedgerTable>[] = [];
  const minimumCents = AFFILIATE_MINIMUM_PAYOUT_USDT * 100;
  for (const [userId, days] of credits) {
    let balance = 0;
    let nextPayout: string | undefined;
    for (const [day, cents] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
      nextPayout ??= firstOfNextMonth(day);
      while (nextPayout <= day) {
        if (balance >= minimumCents) {
          entries.push({
            user_id: userId,
            kind: "payout",
            amount_cents: -balance,
            trade_day: null,
            destination: "spot",
            created_at: `${nextPayout}T09:00:00.000Z`,
          });
          balance = 0;
        }
        nextPayout = firstOfNextMonth(nextPayout);
      }
      if (cents <= 0) continue;
      entries.push({
        user_id: userId,
        kind: "settlement",
        amount_cents: cents,
        trade_day: day,
        destination: null,
        created_at: `${addDays(day, 1)}T00:00:00.000Z`,
      });
      balance += cents;
    }
  }
  return entries
    .filter((e) => Date.parse(e.created_at) <= now)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

const CHUNK = 500;
const chunks = <T>(list: readonly T[]): T[][] => chunked(list, CHUNK);
const ID_TABLES = [
  "affiliate_applications",
  "affiliate_links",
  "affiliate_invitees",
  "affiliate_commissions",
  "affiliate_cards",
] as const;

async function countOf(db: Db, table: "affiliate_levels" | "affiliates" | "affiliate_invitees"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Seeds the levels (when `affiliate_levels` is empty), the card-quota setting (when absent) and, when `affiliates`
 * and `affiliate_invitees` are empty and the demo affiliate account exists, the demo users and histories — in one
 * transaction, in chunks of 500 rows. Returns whether anything was seeded.
 */
export async function seedAffiliateIfEmpty(db: Db, now: number = Date.now()): Promise<boolean> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let seeded = false;
  const quota = await db
    .selectFrom("client_settings")
    .select("key")
    .where("key", "=", CARD_QUOTA_SETTING)
    .executeTakeFirst();
  if (!quota) {
    await db
      .insertInto("client_settings")
      .values({ key: CARD_QUOTA_SETTING, value: JSON.stringify(DEFAULT_CARD_QUOTA) })
      .execute();
    seeded = true;
  }
  const data = generateAffiliateData(now);
  if ((await countOf(db, "affiliate_levels")) === 0) {
    await db.insertInto("affiliate_levels").values(data.rows.affiliate_levels).execute();
    seeded = true;
  }
  const demo = await db
    .selectFrom("users")
    .select("user_id")
    .where("user_id", "=", DEMO_AFFILIATE_USER_ID)
    .executeTakeFirst();
  if (!demo || (await countOf(db, "affiliates")) > 0 || (await countOf(db, "affiliate_invitees")) > 0) return seeded;

  const passwords = [...new Set(AFFILIATE_DEMO_USERS.map((u) => u.password))];
  const hashes = new Map(await Promise.all(passwords.map(async (p) => [p, await hashPassword(p)] as const)));
  await db.transaction().execute(async (trx) => {
    for (const user of AFFILIATE_DEMO_USERS) {
      const exists = await trx
        .selectFrom("users")
        .select("user_id")
        .where((eb) => eb.or([eb("email", "=", user.email), eb("user_id", "=", user.userId)]))
        .executeTakeFirst();
      if (exists) continue;
      await trx
        .insertInto("users")
        .values({
          user_id: user.userId,
          email: user.email,
          password_hash: hashes.get(user.password) ?? "",
          mobile: null,
          user_name: user.userName,
          role: "affiliate",
          created_at: new Date(now - 400 * DAY_MS).toISOString(),
        })
        .execute();
      await trx
        .insertInto("user_settings")
        .values({
          user_id: user.userId,
          mbf: 0,
          ebf: 1,
          gbf: 1,
          tbf: 0,
          tpi: "",
          tpl: 0,
          kf: 2,
          oo: 0,
          oc: 0,
          ob: 0,
          eef: 1,
          mef: 0,
          gef: 1,
        })
        .execute();
    }
    const present = new Set((await trx.selectFrom("users").select("user_id").execute()).map((u) => u.user_id));
    const owned = <T extends { affiliate_user_id?: string; user_id?: string }>(list: T[]) =>
      list.filter((r) => present.has(r.affiliate_user_id ?? r.user_id ?? ""));
    const links = owned(data.rows.affiliate_links);
    const linkIds = new Set(links.map((l) => l.id));
    for (const part of chunks(owned(data.rows.affiliate_applications)))
      await trx.insertInto("affiliate_applications").values(part).execute();
    for (const part of chunks(owned(data.rows.affiliates))) await trx.insertInto("affiliates").values(part).execute();
    for (const part of chunks(links)) await trx.insertInto("affiliate_links").values(part).execute();
    for (const part of chunks(data.rows.affiliate_link_daily_stats.filter((s) => linkIds.has(s.link_id)))) {
      await trx.insertInto("affiliate_link_daily_stats").values(part).execute();
    }
    for (const part of chunks(owned(data.rows.affiliate_invitees)))
      await trx.insertInto("affiliate_invitees").values(part).execute();
    for (const part of chunks(owned(data.rows.affiliate_commissions)))
      await trx.insertInto("affiliate_commissions").values(part).execute();
    for (const part of chunks(owned(data.rows.affiliate_cards)))
      await trx.insertInto("affiliate_cards").values(part).execute();
    // The rows went in whole, not through the feed: the dashboard's totals are derived from them once.
    await rebuildTotals(trx);
    const ledger = ledgerOf(owned(data.rows.affiliate_commissions), now);
    for (const part of chunks(ledger)) await trx.insertInto("affiliate_ledger").values(part).execute();
    // The demo's levels are this month's: the review of last month counts as done (the next runs on the 1st).
    await trx
      .insertInto("affiliate_level_reviews")
      .values({ month: previousMonth(dayOf(now).slice(0, 7)), reviewed_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.column("month").doNothing())
      .execute();
    await trx.updateTable("users").set({ role: "affiliate" }).where("user_id", "=", DEMO_AFFILIATE_USER_ID).execute();
    if (postgres) {
      // Explicit ids leave the identity sequences behind: move each past the largest id.
      for (const table of ID_TABLES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
      }
    }
  });
  return true;
}
