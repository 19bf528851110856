import { ResponseCode, type Envelope } from "@affiliates/contracts";

export const ok = <T>(data: T): Envelope<T> => ({ code: ResponseCode.success, msg: "success", data });
