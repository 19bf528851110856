import { DELETE_BATCH_ROWS, type ErrorEventsContext } from "./events";

/** The storage bounds: bytes per IP and in all, the total cap's trim, and retention. */
export function createErrorEventLimits({ db, now, bounds }: ErrorEventsContext) {
  /** Bytes stored from `ip` since `since` (ISO), by the (ip, created_at) index. */
  async function bytesFromIp(ip: string, since: string): Promise<number> {
    const row = await db
      .selectFrom("error_events")
      .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
      .where("ip", "=", ip)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async function totalBytes(): Promise<number> {
    const row = await db
      .selectFrom("error_events")
      .select((eb) => eb.fn.sum<number | string | null>("size_bytes").as("bytes"))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /** Deletes the oldest events, a batch at a time, until the total is within the cap. Returns the rows deleted. */
  async function trimToTotal(): Promise<number> {
    let excess = (await totalBytes()) - bounds.maxTotalBytes;
    let deleted = 0;
    while (excess > 0) {
      const oldest = await db
        .selectFrom("error_events")
        .select(["id", "size_bytes"])
        .orderBy("created_at")
        .orderBy("id")
        .limit(DELETE_BATCH_ROWS)
        .execute();
      if (oldest.length === 0) break;
      const ids: number[] = [];
      for (const row of oldest) {
        if (excess <= 0) break;
        ids.push(Number(row.id));
        excess -= Number(row.size_bytes);
      }
      const result = await db.deleteFrom("error_events").where("id", "in", ids).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }

  // Concurrent uploads share one trim: a trim asked for while one runs runs once more after it (it may have summed
  // before their rows landed), never once per upload.
  let trimming: Promise<number> | undefined;
  let trimAgain = false;
  function trimSoon(): Promise<number> {
    if (trimming) {
      trimAgain = true;
      return trimming;
    }
    const run = async () => {
      let deleted = 0;
      do {
        trimAgain = false;
        deleted += await trimToTotal();
      } while (trimAgain);
      return deleted;
    };
    trimming = run().finally(() => {
      trimming = undefined;
    });
    return trimming;
  }

  /**
   * Retention: deletes events older than `retentionDays`, DELETE_BATCH_ROWS per statement (oldest first, by the
   * (created_at, id) index) until none is left. Returns the rows deleted.
   */
  async function expire(): Promise<number> {
    const cutoff = new Date(now() - bounds.retentionDays * 24 * 60 * 60 * 1000).toISOString();
    let deleted = 0;
    for (;;) {
      const batch = await db
        .selectFrom("error_events")
        .select("id")
        .where("created_at", "<", cutoff)
        .orderBy("created_at")
        .orderBy("id")
        .limit(DELETE_BATCH_ROWS)
        .execute();
      if (batch.length === 0) return deleted;
      const result = await db
        .deleteFrom("error_events")
        .where(
          "id",
          "in",
          batch.map((row) => Number(row.id)),
        )
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      if (batch.length < DELETE_BATCH_ROWS) return deleted;
    }
  }

  return {
    bytesFromIp,
    totalBytes,
    trimSoon,
    expire,
  };
}

export type ErrorEventLimits = ReturnType<typeof createErrorEventLimits>;
