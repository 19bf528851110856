import { z } from "zod";

/**
 * The error-reporting tunnel (requirements.md §7): `POST /v1/sentry/{projectId}` takes Sentry envelopes. The first line of an
 * envelope is its JSON header; `dsn` names the project and host it is meant for.
 */
export const sentryEnvelopeHeaderSchema = z.looseObject({
  dsn: z.string().min(1).max(1000),
  event_id: z.string().max(64).optional(),
  sent_at: z.string().max(64).optional(),
});

/** One stored error event as operators see it (the `raw` envelope item stays in the database). */
export const storedErrorEventSchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  projectId: z.string(),
  level: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  breadcrumbs: z.number().int(),
  environment: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredErrorEvent = z.infer<typeof storedErrorEventSchema>;

/** `GET /v1/admin/errors?limit=` (operators only): newest first. */
export const errorEventListQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

export const errorEventListSchema = z.object({ events: z.array(storedErrorEventSchema) });
export type ErrorEventList = z.infer<typeof errorEventListSchema>;
