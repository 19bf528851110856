import { z } from "zod";

/** `POST /v1/support/chat/messages`: a visitor's message to support (the session, if any, identifies the user). */
export const supportMessageRequestSchema = z
  .object({
    email: z.email().max(254),
    message: z.string().trim().min(1).max(2000),
    locale: z.string().max(16).optional(),
    page: z.string().max(512).optional(),
  })
  .strict();
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

export const supportMessageResultSchema = z.object({ id: z.number().int() });
export type SupportMessageResult = z.infer<typeof supportMessageResultSchema>;

/** One stored message as operators see it; `userId` is null for anonymous visitors. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  message: z.string(),
  locale: z.string().nullable(),
  page: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** `GET /v1/admin/support/messages?limit=` (operators only): newest first. */
export const supportMessageListQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

export const supportMessageListSchema = z.object({ messages: z.array(supportMessageSchema) });
export type SupportMessageList = z.infer<typeof supportMessageListSchema>;
