/** `YYYY-MM-DD` in UTC, from `days - 1` days back to today: the report ranges of the dashboard (today included). */
export function rangeOf(days: number, today = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)))
    .toISOString()
    .slice(0, 10);
  return { from, to };
}
