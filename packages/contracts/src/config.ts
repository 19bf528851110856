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
