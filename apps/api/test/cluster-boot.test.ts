import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp, type AppOptions } from "../src/app";
import { DEMO_ACCOUNTS, DEMO_VIP_LEVELS } from "../src/seed";
import { randomName, TEST_DATABASE_URL, withPg } from "./helpers/test-app";

/**
 * Several API instances booting at once on one empty PostgreSQL database (the cluster's start, a rolling deploy):
 * each migrates and seeds under the migration lock (platform/db/migrate.ts), so none fails and nothing is seeded twice.
 * SQLite has one process per file: nothing to test there.
 */
describe.skipIf(!TEST_DATABASE_URL)("instances booting at once on one empty PostgreSQL schema", () => {
  const url = TEST_DATABASE_URL ?? "";
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await withPg(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const optionsFor = (schema: string): Partial<AppOptions> => ({
    databaseUrl: url,
    pgSchema: schema,
    seed: true,
    logger: false,
    redisUrl: undefined,
    adminToken: undefined,
    appEnv: "test",
  });

  /** Rows per table of one schema: `{ users: 12, vip_levels: 8, … }`. */
  async function rowCounts(schema: string): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const tables = await client.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name",
        [schema],
      );
      const counts: Record<string, number> = {};
      for (const { table_name: table } of tables.rows) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${schema}."${table}"`);
        counts[table] = Number(rows[0]?.n ?? 0);
      }
      return counts;
    } finally {
      await client.end();
    }
  }

  async function bootTogether(schema: string, instances: number): Promise<PromiseSettledResult<FastifyInstance>[]> {
    const results = await Promise.allSettled(Array.from({ length: instances }, () => buildApp(optionsFor(schema))));
    for (const result of results) if (result.status === "fulfilled") await result.value.close();
    return results;
  }

  /** The counts one instance alone seeds (the reference the concurrent boots must match). */
  let reference: Record<string, number> | undefined;
  async function referenceCounts(): Promise<Record<string, number>> {
    if (reference) return reference;
    const schema = randomName("t_boot_ref_");
    schemas.push(schema);
    await withPg(url, `CREATE SCHEMA ${schema}`);
    const app = await buildApp(optionsFor(schema));
    await app.close();
    reference = await rowCounts(schema);
    return reference;
  }

  it("two instances on a fresh, empty schema: both start, the seed rows are there once", async () => {
    const schema = randomName("t_boot_");
    schemas.push(schema);
    await withPg(url, `CREATE SCHEMA ${schema}`);
    const results = await bootTogether(schema, 2);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "started"))).toEqual([
      "started",
      "started",
    ]);

    const counts = await rowCounts(schema);
    expect(counts.users).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect(counts.vip_levels).toBe(DEMO_VIP_LEVELS.length);
    expect(counts.kysely_migration).toBeGreaterThan(0);
    expect(counts).toEqual(await referenceCounts());
  });

  it("three instances on a schema that does not exist yet: it is created once, all start, seeded once", async () => {
    const schema = randomName("t_boot_new_");
    schemas.push(schema);
    const results = await bootTogether(schema, 3);
    expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "started"))).toEqual([
      "started",
      "started",
      "started",
    ]);
    expect(await rowCounts(schema)).toEqual(await referenceCounts());
  });

  it("a later start on the migrated, seeded schema changes nothing", async () => {
    const schema = randomName("t_boot_again_");
    schemas.push(schema);
    await bootTogether(schema, 1);
    const before = await rowCounts(schema);
    const results = await bootTogether(schema, 2);
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await rowCounts(schema)).toEqual(before);
  });
});
