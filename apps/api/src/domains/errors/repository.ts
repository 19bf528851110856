import fp from "fastify-plugin";
import { ERROR_EVENT_BOUNDS_DEFAULTS, type ErrorEventBounds } from "../../platform/config";
import type { Db } from "../../platform/db/schema";
import type { ErrorEventsContext } from "./events";
import { createErrorEventLimits } from "./limits";
import { createErrorEventStore } from "./store";

export { DELETE_BATCH_ROWS, type NewErrorEvent } from "./events";

export function createErrorEventsRepository(db: Db, now: () => number, bounds: ErrorEventBounds) {
  const context: ErrorEventsContext = { db, now, bounds };
  const limits = createErrorEventLimits(context);
  return {
    ...createErrorEventStore(context, limits),

    /**
     * Retention: deletes events older than `retentionDays`, DELETE_BATCH_ROWS per statement (oldest first, by the
     * (created_at, id) index) until none is left. Returns the rows deleted.
     */
    expire: limits.expire,

    /** The total cap on its own (the retention job runs it too, e.g. after the cap was lowered). */
    trimToTotal: limits.trimSoon,

    /** Bytes stored in all (operators, tests). */
    totalBytes: limits.totalBytes,

    bounds,
  };
}

export type ErrorEventsRepository = ReturnType<typeof createErrorEventsRepository>;

declare module "fastify" {
  interface FastifyInstance {
    errorEvents: ErrorEventsRepository;
  }
}

/** Decorates `app.errorEvents`; needs the db plugin (and migrations 0005-error-events, 0014-storage-bounds). */
export default fp<{ now?: () => number; bounds?: ErrorEventBounds }>(
  (app, options, done) => {
    app.decorate(
      "errorEvents",
      createErrorEventsRepository(app.db, options.now ?? Date.now, options.bounds ?? ERROR_EVENT_BOUNDS_DEFAULTS),
    );
    done();
  },
  { name: "error-events-repository", dependencies: ["db"] },
);
