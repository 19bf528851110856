// @ts-check
// The trade feed's throughput: fills/s committed through POST /v1/admin/trades (batches of 500) into the commission
// engine, on a SQLite file as `npm start` uses; then a check that the commission lines count every attributed fill
// exactly once. In-process (Fastify's inject: routing, JSON parsing and validation included, no socket).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ADMIN_TOKEN = "bench-feed-token";

export async function runFeedBench({ batches = 30, batchSize = 500, traders = 2_000 } = {}) {
  const { buildApp } = await import("../apps/api/src/app.ts");
  const { endpointUrl } = await import("../packages/contracts/src/endpoints.ts");
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
  const app = await buildApp({
    databaseUrl: path.join(dir, "feed.sqlite"),
    dataDir: dir,
    logger: false,
    redisUrl: undefined,
    adminToken: ADMIN_TOKEN,
    seed: true,
  });
  try {
    const db = app.db.withTables();
    // Bench traders: invitees of the demo affiliate's links, plus as many traders without an inviter.
    const links = await db
      .selectFrom("affiliate_links")
      .select(["id", "user_id"])
      .where("user_id", "=", "8012345678")
      .execute();
    const attributedIds = Array.from({ length: traders }, (_, i) => `61${String(i).padStart(8, "0")}`);
    const strangerIds = Array.from({ length: traders }, (_, i) => `62${String(i).padStart(8, "0")}`);
    // Through the referral repository's bulk attribution: the funnel's totals count them as sign-ups do.
    await app.referral.addInvitees(
      attributedIds.map((userId, i) => ({
        affiliateUserId: "8012345678",
        linkId: /** @type {(typeof links)[number]} */ (links[i % links.length]).id,
        userId,
        registeredAt: new Date().toISOString(),
      })),
    );
    let seq = 0;
    const body = () =>
      JSON.stringify({
        trades: Array.from({ length: batchSize }, () => {
          seq++;
          const attributed = seq % 2 === 0;
          const pool = attributed ? attributedIds : strangerIds;
          return {
            tradeId: `bench-${seq}`,
            userId: pool[seq % pool.length],
            market: seq % 3 === 0 ? "futures" : "spot",
            notional: 1000 + (seq % 97),
            fee: 0.5 + (seq % 13) / 10,
            feeCurrency: "USDT",
            time: new Date().toISOString(),
          };
        }),
      });
    const payloads = Array.from({ length: batches }, body);
    let attributed = 0;
    const started = performance.now();
    for (const payload of payloads) {
      const response = await app.inject({
        method: "POST",
        url: endpointUrl("adminTrades"),
        headers: { "content-type": "application/json", "x-admin-token": ADMIN_TOKEN },
        payload,
      });
      if (response.statusCode !== 200) throw new Error(`feed: ${response.statusCode} ${response.body}`);
      attributed += response.json().data.attributed;
    }
    const seconds = (performance.now() - started) / 1000;
    const fills = batches * batchSize;
    const lines = await db
      .selectFrom("affiliate_commissions")
      .select((eb) => eb.fn.sum("fills").as("n"))
      .where("affiliate_user_id", "=", "8012345678")
      .where("source", "=", "direct")
      .where("invitee_id", "in", db.selectFrom("affiliate_invitees").select("id").where("user_id", "like", "61%"))
      .executeTakeFirst();
    return {
      fills,
      batchSize,
      seconds: Number(seconds.toFixed(2)),
      fillsPerSecond: Math.round(fills / seconds),
      attributed,
      countedInLines: Number(lines?.n ?? 0),
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
