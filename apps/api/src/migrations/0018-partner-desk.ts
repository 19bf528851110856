import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The partner's desk (issue 34): invitees are shown and searched by their UID, whole or in part, instead of a masked
 * id that thousands share. On PostgreSQL the partial search (`user_id like '%…%'`) uses trigrams, as the masked-id
 * search did (that index is no longer read); on SQLite it scans the affiliate's own invitees (their index). The other
 * filters (traded, KYC, sign-up days, link) use the (affiliate, column) indexes of migration 0006.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create index if not exists affiliate_invitees_uid_trgm on affiliate_invitees
    using gin (user_id public.gin_trgm_ops)`.execute(db);
  await sql`drop index if exists affiliate_invitees_masked_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index if not exists affiliate_invitees_masked_trgm on affiliate_invitees
    using gin (masked_user_id public.gin_trgm_ops)`.execute(db);
  await sql`drop index if exists affiliate_invitees_uid_trgm`.execute(db);
}
