import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../src/platform/db/unique-violation";
import { refused } from "./helpers/envelope-assertions";
import {
  AFFILIATE,
  DIALECT,
  callerFor,
  createTestApp,
  deviceToken,
  login,
  sessionCookie,
  type TestApp,
} from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

/**
 * Creating a referral link: only a unique-constraint violation on the code means "code taken" (10004); any other
 * database failure is a 500. Triggers stand in for the failures a test cannot time (a concurrent insert of the same
 * code between the check and the insert, a database error).
 */
let t: TestApp;
let dy: string;
let cookie: string;
const call = callerFor(() => t.app, { dy: () => dy });

beforeAll(async () => {
  t = await createTestApp();
  dy = await deviceToken(t.app);
  cookie = sessionCookie(await login(t.app, AFFILIATE.email, AFFILIATE.password));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A trigger run before every insert into affiliate_links: `body` is its SQL (SQLite) or PL/pgSQL (PostgreSQL). */
async function beforeLinkInsert(body: { sqlite: string; postgres: string }): Promise<void> {
  if (DIALECT === "sqlite") {
    await sql
      .raw(`CREATE TRIGGER test_link_insert BEFORE INSERT ON affiliate_links BEGIN ${body.sqlite} END`)
      .execute(t.app.db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION test_link_insert() RETURNS trigger AS $$ BEGIN ${body.postgres} RETURN NEW; END $$ LANGUAGE plpgsql`,
    )
    .execute(t.app.db);
  // pg_trigger_depth: the trigger's own insert does not fire it again.
  await sql
    .raw(
      "CREATE TRIGGER test_link_insert BEFORE INSERT ON affiliate_links FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION test_link_insert()",
    )
    .execute(t.app.db);
}

afterEach(async () => {
  if (DIALECT === "sqlite") await sql.raw("DROP TRIGGER IF EXISTS test_link_insert").execute(t.app.db);
  else await sql.raw("DROP FUNCTION IF EXISTS test_link_insert() CASCADE").execute(t.app.db);
});

describe(`${routeTitle("linkCreate")} when the insert fails (${DIALECT})`, () => {
  it("answers 10004 when another insert took the code after the check (the unique index answers)", async () => {
    // Another affiliate's link with the same code lands just before ours.
    const rival =
      "INSERT INTO affiliate_links (user_id, code, code_key, label, channel, spot_share_bps, futures_share_bps, created_at, archived) VALUES ('8012345680', NEW.code, NEW.code_key, 'rival', NULL, 0, 0, NEW.created_at, 0);";
    await beforeLinkInsert({ sqlite: rival, postgres: rival });
    refused(
      await call("POST", apiUrl("linkCreate"), { cookie, body: { label: "Race", code: "Race2026" }, dy: true }),
      409,
      "10004",
      "code: this code is taken",
    );
  });

  it("answers 500, not 'code taken', for any other database failure", async () => {
    await beforeLinkInsert({
      sqlite: "SELECT RAISE(ABORT, 'disk on fire');",
      postgres: "RAISE EXCEPTION 'disk on fire';",
    });
    const response = await call("POST", apiUrl("linkCreate"), {
      cookie,
      body: { label: "Doomed", code: "Doomed26" },
      dy: true,
    });
    refused(response, 500, "500", "Internal server error");
    expect(response.body).not.toContain("disk on fire");
  });
});

describe(`isUniqueViolation (${DIALECT})`, () => {
  it("recognises the dialect's unique violation on the named column only", async () => {
    const row = {
      user_id: "8012345678",
      code: "Twin2026",
      code_key: "twin2026",
      label: "twin",
      channel: null,
      spot_share_bps: 0,
      futures_share_bps: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      archived: 0,
    };
    await t.app.db.insertInto("affiliate_links").values(row).execute();
    const duplicate: unknown = await t.app.db
      .insertInto("affiliate_links")
      .values({ ...row, code: "TWIN2026" })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate, "affiliate_links", "code_key")).toBe(true);
    expect(isUniqueViolation(duplicate, "affiliate_links", "code")).toBe(false);
    expect(isUniqueViolation(duplicate, "affiliate_cards", "code_key")).toBe(false);
    const notNull: unknown = await sql
      .raw("INSERT INTO affiliate_links (user_id) VALUES ('8012345678')")
      .execute(t.app.db)
      .catch((error: unknown) => error);
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull, "affiliate_links", "code_key")).toBe(false);
    expect(
      isUniqueViolation(new Error("UNIQUE constraint failed: affiliate_links.code_key"), "affiliate_links", "code_key"),
    ).toBe(false);
  });
});
