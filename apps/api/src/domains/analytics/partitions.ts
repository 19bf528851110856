import { sql, type Kysely } from "kysely";

/**
 * PostgreSQL only (migration 0017): analytics events are partitioned by their UTC day, one table per day named
 * `analytics_events_YYYYMMDD`, plus a default partition for days that have none.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const partitionOf = (day: string) => `analytics_events_${day.replaceAll("-", "")}`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The days that have a partition of their own. */
export async function partitionDays<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = 'analytics_events'::regclass`.execute(db);
  return rows.flatMap((r) => {
    const m = /^analytics_events_(\d{4})(\d{2})(\d{2})$/.exec(r.name);
    return m ? [`${m[1]}-${m[2]}-${m[3]}`] : [];
  });
}

/**
 * Creates the partitions of `days` that are missing. Rows of such a day already in the default partition (a clock
 * running ahead) move into the new partition in the same transaction, so attaching it never fails on them.
 */
export async function ensureEventPartitions<DB>(db: Kysely<DB>, days: readonly string[]): Promise<number> {
  const existing = new Set(await partitionDays(db));
  let created = 0;
  for (const day of [...new Set(days)].filter((d) => DAY.test(d) && !existing.has(d)).sort()) {
    const table = sql.table(partitionOf(day));
    const create = async (trx: Kysely<DB>) => {
      await sql`create table ${table} (like analytics_events including defaults)`.execute(trx);
      await sql`with moved as (delete from analytics_events_default where event_day = ${day} returning *)
        insert into ${table} select * from moved`.execute(trx);
      await sql`alter table analytics_events attach partition ${table}
        for values from (${sql.lit(day)}) to (${sql.lit(nextDay(day))})`.execute(trx);
    };
    // Within the migration's transaction as it is; otherwise one transaction per day.
    if (db.isTransaction) await create(db);
    else await db.transaction().execute(create);
    created += 1;
  }
  return created;
}

/** Drops the partitions of days before `cutoffDay` (whole tables: no dead rows, no vacuum). */
export async function dropEventPartitionsBefore<DB>(db: Kysely<DB>, cutoffDay: string): Promise<number> {
  let dropped = 0;
  for (const day of (await partitionDays(db)).filter((d) => d < cutoffDay)) {
    await sql`drop table if exists ${sql.table(partitionOf(day))}`.execute(db);
    dropped += 1;
  }
  return dropped;
}
