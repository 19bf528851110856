import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/platform/db/connection";
import { migrateToLatest } from "../src/platform/db/migrate";
import * as initial from "../src/migrations/0001-initial";
import { randomName, TEST_DATABASE_URL, withPg } from "./helpers/test-app";

/**
 * The API's PostgreSQL introspection (what Kysely's migrator asks at every start) sees its own schema alone: another
 * schema on the database, with its own migration tables or being dropped meanwhile, neither answers for it nor fails it.
 */
describe.skipIf(!TEST_DATABASE_URL)("PostgreSQL introspection of the API's own schema", () => {
  const url = TEST_DATABASE_URL ?? "";
  const own = randomName("t_own_");
  const other = randomName("t_other_");

  beforeAll(async () => {
    await withPg(url, `CREATE SCHEMA ${own}; CREATE SCHEMA ${other}`);
    await withPg(
      url,
      `CREATE TABLE ${own}.things (id serial primary key, label text not null, note text default 'x');
       CREATE VIEW ${own}.thing_labels AS SELECT label FROM ${own}.things;
       CREATE TABLE ${other}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
       CREATE TABLE ${other}.elsewhere (id int)`,
    );
  });
  afterAll(async () => {
    await withPg(url, `DROP SCHEMA IF EXISTS ${own} CASCADE; DROP SCHEMA IF EXISTS ${other} CASCADE`);
  });

  it("lists the tables and views of its own schema, with their columns, and none of another schema's", async () => {
    const { db } = createDb({ databaseUrl: url, dataDir: "", pgSchema: own });
    try {
      const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables.map((t) => [t.schema, t.name, t.isView])).toEqual([
        [own, "thing_labels", true],
        [own, "things", false],
      ]);
      const things = tables.find((t) => t.name === "things");
      expect(
        things?.columns.map((c) => [c.name, c.dataType, c.isNullable, c.isAutoIncrementing, c.hasDefaultValue]),
      ).toEqual([
        ["id", "int4", false, true, true],
        ["label", "text", false, false, false],
        ["note", "text", true, false, true],
      ]);
      expect((await db.introspection.getSchemas()).map((s) => s.name)).toEqual([own]);
    } finally {
      await db.destroy();
    }
  });

  it("migrates its schema while other schemas are created and dropped on the same database", async () => {
    const { db } = createDb({ databaseUrl: url, dataDir: "", pgSchema: own });
    let churning = true;
    const churn = (async () => {
      // Kysely's own introspection checked every schema by name, and failed on one dropped under it.
      for (let round = 0; churning && round < 200; round++) {
        const schema = randomName("t_churn_");
        await withPg(url, `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id int); DROP SCHEMA ${schema} CASCADE`);
      }
    })();
    try {
      expect(await migrateToLatest(db, { "0001-initial": initial }, own)).toEqual(["0001-initial"]);
      const names = (await db.introspection.getTables()).map((t) => t.name);
      expect(names).toContain("users");
      expect(names).not.toContain("elsewhere");
      // Kysely's migration tables only when asked for, as with Kysely's own introspection.
      expect(names).not.toContain("kysely_migration");
      const withInternal = await db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withInternal.map((t) => t.name)).toEqual(expect.arrayContaining(["kysely_migration", "users"]));
    } finally {
      churning = false;
      await churn;
      await db.destroy();
    }
  });
});
