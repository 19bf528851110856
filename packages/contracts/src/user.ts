import { z } from "zod";

/** Settings flags of requirements.md §3; each is 0/1 except kf (identity level) and tpi (fund password value). */
export const userSettingsSchema = z.object({
  mbf: z.number().int(),
  ebf: z.number().int(),
  gbf: z.number().int(),
  tbf: z.number().int(),
  tpi: z.string(),
  tpl: z.number().int(),
  kf: z.number().int(),
  oo: z.number().int(),
  oc: z.number().int(),
  ob: z.number().int(),
  eef: z.number().int(),
  mef: z.number().int(),
  gef: z.number().int(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userInfoRequestSchema = z
  .object({
    terminalCode: z.string().max(128).optional(),
    locale: z.string().max(16).optional(),
  })
  .strict();

export const userOverviewSchema = z.object({
  userInfo: z.object({ userId: z.string(), mobile: z.string(), email: z.string() }),
  settings: userSettingsSchema,
  loginName: z.string(),
  userName: z.string(),
});
export type UserOverview = z.infer<typeof userOverviewSchema>;

export const loginRequestSchema = z
  .object({ email: z.email().max(254), password: z.string().min(1).max(256) })
  .strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    email: z.email().max(254),
    password: z.string().min(8).max(256),
    mobile: z
      .string()
      .regex(/^\+?[0-9 ]{6,20}$/)
      .optional(),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Answer of register and login: the session itself travels in the `refresh_token` cookie. */
export const sessionResultSchema = z.object({ userId: z.string() });

/** Logout takes no payload; an empty object is accepted. */
export const logoutRequestSchema = z.object({}).strict();
