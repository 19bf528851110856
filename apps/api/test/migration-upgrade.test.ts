import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { feeScheduleSchema } from "@affiliates/contracts";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type AppOptions } from "../src/app";
import * as initial from "../src/migrations/0001-initial";
import { createDb } from "../src/platform/db/connection";
import { envelope, randomName, TEST_DATABASE_URL, withPg } from "./helpers/test-app";
import { apiUrl } from "./helpers/api-url";

/** A database as it was before 0002: migrated to 0001 only, with one user of its own. */
describe("a database created before 0002-vip-and-support", () => {
  let options: Partial<AppOptions>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (TEST_DATABASE_URL) {
      const schema = randomName("t_");
      await withPg(TEST_DATABASE_URL, `CREATE SCHEMA ${schema}`);
      options = { databaseUrl: TEST_DATABASE_URL, pgSchema: schema };
      cleanup = () => withPg(TEST_DATABASE_URL ?? "", `DROP SCHEMA ${schema} CASCADE`);
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "affiliates-upgrade-"));
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
        provider: { getMigrations: () => Promise.resolve({ "0001-initial": initial }) },
        ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
      await db
        .insertInto("users")
        .values({
          user_id: "1000000001",
          email: "old@example.com",
          password_hash: "x",
          mobile: null,
          user_name: "old",
          role: "user",
          created_at: "2025-01-01T00:00:00.000Z",
        })
        .execute();
    } finally {
      await db.destroy();
    }
  });
  afterAll(async () => {
    await cleanup();
  });

  it("gets the VIP levels and discount seeded on start, once, and keeps its users", async () => {
    for (let start = 0; start < 2; start++) {
      const app = await buildApp({ ...options, logger: false, redisUrl: undefined, adminToken: undefined, seed: true });
      try {
        const schedule = feeScheduleSchema.parse(
          envelope(await app.inject({ method: "GET", url: apiUrl("vipFeeSchedule") })).data,
        );
        expect(schedule.levels.map((l) => l.name)).toEqual([
          "VIP0",
          "VIP1",
          "VIP2",
          "VIP3",
          "VIP4",
          "VIP5",
          "VIP6",
          "VIP7",
        ]);
        expect(schedule.platformTokenDiscount).toBe(0.2);
        expect(await app.users.count()).toBe(1);
        expect(await app.users.findByEmail("affiliate@example.com")).toBeUndefined();
        const stored = await app.support.create({
          email: "a@b.co",
          message: `start ${start}`,
          userId: "",
          ip: "127.0.0.1",
        });
        expect(stored).toBe(start + 1);
      } finally {
        await app.close();
      }
    }
  });
});
