import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely, type Migration } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsIngestResult } from "@affiliates/contracts";
import { buildApp, type AppOptions } from "../src/app";
import * as m0001 from "../src/migrations/0001-initial";
import * as m0002 from "../src/migrations/0002-vip-and-support";
import * as m0003 from "../src/migrations/0003-device-tokens";
import * as m0004 from "../src/migrations/0004-analytics";
import * as m0005 from "../src/migrations/0005-error-events";
import * as m0006 from "../src/migrations/0006-affiliate";
import * as m0007 from "../src/migrations/0007-vip-programme";
import * as m0008 from "../src/migrations/0008-partner-programmes";
import * as m0009 from "../src/migrations/0009-affiliate-card-quota";
import * as m0010 from "../src/migrations/0010-referral-loop";
import type { AnalyticsTables } from "../src/platform/db/schema";
import { createDb } from "../src/platform/db/connection";
import { makeEvent } from "./helpers/analytics-events";
import {
  AFFILIATE,
  DIALECT,
  envelope,
  login,
  randomName,
  sessionCookie,
  TEST_DATABASE_URL,
  withPg,
} from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

const BEFORE_SENDER: Record<string, Migration> = {
  "0001-initial": m0001,
  "0002-vip-and-support": m0002,
  "0003-device-tokens": m0003,
  "0004-analytics": m0004,
  "0005-error-events": m0005,
  "0006-affiliate": m0006,
  "0007-vip-programme": m0007,
  "0008-partner-programmes": m0008,
  "0009-affiliate-card-quota": m0009,
  "0010-referral-loop": m0010,
};

/** A database as it was before 0011-analytics-sender, holding one event stored under the global event_id rule. */
describe(`migration 0011-analytics-sender (${DIALECT})`, () => {
  let options: Partial<AppOptions>;
  let cleanup: () => Promise<void>;
  const old = makeEvent(1, { device_id: "olddevice" });

  beforeAll(async () => {
    if (TEST_DATABASE_URL) {
      const schema = randomName("t_");
      await withPg(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
      options = { databaseUrl: TEST_DATABASE_URL, pgSchema: schema };
      cleanup = () => withPg(TEST_DATABASE_URL ?? "", `DROP SCHEMA ${schema} CASCADE`);
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "affiliates-sender-"));
      options = { databaseUrl: path.join(dir, "old.sqlite"), dataDir: dir, pgSchema: undefined };
      cleanup = () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true }));
    }
    const { db } = createDb({
      databaseUrl: options.databaseUrl ?? "",
      dataDir: options.dataDir ?? os.tmpdir(),
      pgSchema: options.pgSchema,
    });
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(BEFORE_SENDER) },
        ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
      // The database as it was before migration 0011: analytics_events without its sender column.
      const before = db as unknown as Kysely<{
        analytics_events: Omit<AnalyticsTables["analytics_events"], "sender" | "event_day">;
      }>;
      await before
        .insertInto("analytics_events")
        .values({
          event_id: old.event_id,
          type: old.type,
          event_tracking_id: old.event_tracking_id,
          device_id: old.device_id,
          session_id: old.session_id,
          uid: "",
          log_env: old.log_env,
          event_time: old.timestamp,
          received_at: old.timestamp,
          ip: "192.0.2.1",
          payload: JSON.stringify(old),
        })
        .execute();
    } finally {
      await db.destroy();
    }
  });
  afterAll(async () => {
    await cleanup();
  });

  it("keeps stored events as their device's, and scopes duplicates per sender from then on", async () => {
    const app = await buildApp({ ...options, logger: false, redisUrl: undefined, adminToken: undefined, seed: true });
    try {
      const rows = await app.db.selectFrom("analytics_events").select(["event_id", "sender"]).execute();
      expect(rows).toEqual([{ event_id: old.event_id, sender: "device:olddevice" }]);
      const upload = async (cookie?: string) => {
        const response = await app.inject({
          method: "POST",
          url: apiUrl("analyticsIngest"),
          headers: { "content-type": "application/json" },
          cookies: cookie ? { refresh_token: cookie } : {},
          payload: JSON.stringify([old]),
        });
        return envelope(response).data as AnalyticsIngestResult;
      };
      expect(await upload()).toMatchObject({ accepted: 0, duplicates: 1 });
      const cookie = sessionCookie(await login(app, AFFILIATE.email, AFFILIATE.password));
      expect(await upload(cookie)).toMatchObject({ accepted: 1, duplicates: 0 });
    } finally {
      await app.close();
    }
  });
});
