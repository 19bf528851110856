import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { affiliateSummarySchema, referralLinkListSchema } from "@affiliates/contracts";
import { rebuildTotals } from "../src/domains/commission/totals";
import { addDays } from "../src/platform/lib/days";
import { okData as data } from "./helpers/envelope-assertions";
import { referralLoopSuite } from "./helpers/referral-loop";
import { apiUrl } from "./helpers/api-url";
import { DIALECT } from "./helpers/test-app";

/**
 * The dashboard reads kept totals instead of the commission lines (migration 0012). After a mixed feed — markets,
 * days, sub-cent fills, an earlier fill that moves an invitee's first trade, a re-feed and concurrent feeds of the
 * same fills — a settlement and a payout, the kept totals equal the totals derived from the lines.
 */
const s = referralLoopSuite();
const { call, registerWith, feed, fill, today } = s;

const TABLES = ["affiliate_trading_totals", "affiliate_funnel_totals", "affiliate_trader_days"] as const;

const KEYS = new Set(["affiliate_user_id", "day", "link_id", "market", "source", "invitee_id"]);

/** Every row of the totals tables, numbers as numbers; a row whose counts are all zero is no figure and is left out. */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await s.app.db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, KEYS.has(k) && k !== "link_id" ? v : Number(v)])),
      )
      .filter((r) => table === "affiliate_trader_days" || Object.entries(r).some(([k, v]) => !KEYS.has(k) && v !== 0))
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return out;
}

describe(`kept totals equal the lines (${DIALECT})`, () => {
  it("after a mixed feed, a re-feed, concurrent feeds, a settlement and a payout", async () => {
    const cookie = s.affiliateCookie;
    const { links } = referralLinkListSchema.parse(
      data(await call("GET", apiUrl("links", { from: today(), to: today() }), { cookie })),
    );
    const active = links.filter((l) => !l.archived);
    expect(active.length).toBeGreaterThan(1);
    const a = await registerWith(active[0]?.code ?? "");
    const b = await registerWith(active[1]?.code ?? "");
    const c = await registerWith(active[0]?.code ?? "");
    const users = [a.userId, b.userId, c.userId].map((u) => u ?? "");
    expect(users.every((u) => u.length > 0)).toBe(true);
    // An invitee of one of the demo affiliate's sub-affiliates: their fills earn the demo affiliate an override.
    const me = await s.app.db
      .selectFrom("users")
      .select("user_id")
      .where("email", "=", "affiliate@example.com")
      .executeTakeFirstOrThrow();
    const subInvitee = await s.app.db
      .selectFrom("affiliate_invitees as i")
      .innerJoin("affiliates as a", "a.user_id", "i.affiliate_user_id")
      .select("i.user_id")
      .where("a.parent_user_id", "=", me.user_id)
      .executeTakeFirst();
    if (subInvitee) users.push(subInvitee.user_id);

    const before = affiliateSummarySchema.parse(
      data(await call("GET", apiUrl("affiliateSummary", { from: addDays(today(), -6), to: today() }), { cookie })),
    );
    const days = [0, -1, -3, -6].map((d) => `${addDays(today(), d)}T09:30:00.000Z`);
    const mixed = users.flatMap((u, i) =>
      days.flatMap((time, j) => [
        fill(u, "spot", 0.37 + i, { time }),
        fill(u, "futures", 0.004 * (j + 1), { time }), // sub-cent: adds to micros, not (yet) to cents
        fill(u, "futures", 1.25, { time, notional: 2500 }),
      ]),
    );
    data(await feed(mixed.slice(0, 20)));
    // A re-feed of fills already taken, and three concurrent feeds sharing fills: each fill counts once.
    data(await feed(mixed.slice(10, 30)));
    const rest = mixed.slice(30);
    const q = Math.ceil(rest.length / 4);
    const thirds = [rest.slice(0, 2 * q), rest.slice(q, 3 * q), rest.slice(2 * q)];
    for (const r of await Promise.all(thirds.map((t) => feed(t)))) data(r);
    // An earlier fill moves the first trade of an invitee from one day to another.
    data(await feed([fill(users[1] ?? "", "spot", 2, { time: `${addDays(today(), -9)}T08:00:00.000Z` })]));

    data(await call("POST", apiUrl("adminSettle", { day: addDays(today(), -1) }), { admin: true }));
    // More fills after the settlement: new pending lines beside the settled ones of the same key.
    data(
      await feed([
        fill(users[0] ?? "", "spot", 3, { time: days[1] }),
        fill(users[2] ?? "", "spot", 0.5, { time: days[0] }),
      ]),
    );
    await call("POST", apiUrl("payoutWithdraw"), { cookie, dy: true, body: {} });

    const lastDays = () =>
      s.app.db.selectFrom("affiliate_invitees").select(["id", "last_trade_day"]).orderBy("id").execute();
    const kept = await snapshot();
    const keptLast = await lastDays();
    await rebuildTotals(s.app.db);
    const derived = await snapshot();
    for (const table of TABLES) expect(kept[table], table).toEqual(derived[table]);
    expect(keptLast).toEqual(await lastDays());

    // Active traders: a period ending with the latest fills (the invitees' last trade day) and one ending before
    // them (a distinct count) both equal the distinct invitees of the direct lines in the period.
    const activeOf = async (from: string, to: string) => {
      const row = await s.app.db
        .selectFrom("affiliate_commissions")
        .select(sql<number>`count(distinct invitee_id)`.as("n"))
        .where("affiliate_user_id", "=", me.user_id)
        .where("source", "=", "direct")
        .where("trade_day", ">=", from)
        .where("trade_day", "<=", to)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    for (const [from, to] of [
      [addDays(today(), -6), today()],
      [addDays(today(), -6), addDays(today(), -2)],
      [addDays(today(), -2), addDays(today(), -1)],
    ] as const) {
      const summary = affiliateSummarySchema.parse(
        data(await call("GET", apiUrl("affiliateSummary", { from, to }), { cookie })),
      );
      expect(summary.totals.activeTraders, `${from}..${to}`).toBe(await activeOf(from, to));
    }

    // And the figures moved by what was fed: the summary's volume grew by the direct fills' notional.
    const after = affiliateSummarySchema.parse(
      data(await call("GET", apiUrl("affiliateSummary", { from: addDays(today(), -6), to: today() }), { cookie })),
    );
    const fedVolume = [...mixed, fill(users[0] ?? "", "spot", 3), fill(users[2] ?? "", "spot", 0.5)]
      .filter((f) => f.userId !== subInvitee?.user_id)
      .reduce((sum, f) => sum + f.notional, 0);
    expect(after.totals.volumeUsdt - before.totals.volumeUsdt).toBeCloseTo(fedVolume, 2);
    expect(after.totals.activeTraders).toBeGreaterThanOrEqual(before.totals.activeTraders);
  }, 120_000);
});
