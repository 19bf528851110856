/**
 * Whether a database error is a unique-constraint violation on `table.column`. better-sqlite3 and node-postgres report
 * it differently: SQLITE_CONSTRAINT_UNIQUE naming `table.column` in the message, or SQLSTATE 23505 with the table and
 * a detail naming the key. Anything else (a lost connection, another constraint) is not.
 */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code, table: pgTable, detail } = error as Error & { code?: unknown; table?: unknown; detail?: unknown };
  if (code === "SQLITE_CONSTRAINT_UNIQUE") {
    const columns = error.message.replace(/^UNIQUE constraint failed: /, "").split(", ");
    return columns.includes(`${table}.${column}`);
  }
  if (code === "23505") return pgTable === table && typeof detail === "string" && detail.startsWith(`Key (${column})=`);
  return false;
}
