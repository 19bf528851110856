import { z } from "zod";

export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ code: z.string(), msg: z.string(), data });
