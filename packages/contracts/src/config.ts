import { z } from "zod";

export const domainConfigSchema = z.object({
  imgDomainConfig: z.object({
    foreignDomainList: z.array(z.string()),
    internalDomainList: z.array(z.string()),
  }),
});
export type DomainConfig = z.infer<typeof domainConfigSchema>;

export const clientCommonConfigSchema = z.object({
  clientCommonConfig: z.object({ eventLogUploadSwitch: z.boolean(), userId: z.string() }),
  localVo: z.object({ ip: z.string() }),
});
export type ClientCommonConfig = z.infer<typeof clientCommonConfigSchema>;

/** `POST {config base}/v1/mix/public/clientCommonConfig` takes no payload (an empty object is accepted). */
export const clientCommonConfigRequestSchema = z.object({}).strict();

/** `GET /v1/admin/health` (operators only, header `x-admin-token`). */
export const adminHealthSchema = z.object({
  ok: z.boolean(),
  dialect: z.enum(["sqlite", "postgres"]),
  store: z.enum(["memory", "redis"]),
  appEnv: z.enum(["test", "beta", "online"]),
  counts: z.object({ users: z.number().int(), sessions: z.number().int() }),
  uptimeS: z.number(),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
