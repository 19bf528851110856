/** A count, sum or bigint column as a number: SQLite answers numbers, node-postgres strings, an empty sum null. */
export const num = (value: unknown): number => Number(value ?? 0);

/** A list in slices of `size` (multi-row inserts stay under the dialects' parameter limits). */
export const chunked = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
