import { NETWORK_ERROR_CODE } from "./constants";
import { HttpError, type HttpMethod } from "./http-error";
import type { AnswerReader, Settled } from "./settle-response";

/** What a call's options say about its answer: the codes it shows itself, and the reader of its data. */
export interface AnswerHandling<T> {
  handledCodes?: readonly string[] | undefined;
  read?: AnswerReader<T> | undefined;
}

/** Rejects a call with its error, telling `onError` first unless the caller handles that business code itself. */
export type Reject = (error: HttpError, handledCodes?: readonly string[]) => never;

export const errorMessageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

export function createReject(onError: (error: HttpError) => void): Reject {
  return (error, handledCodes) => {
    const handledByCaller = error.kind === "business" && handledCodes?.includes(error.code) === true;
    try {
      if (!handledByCaller) onError(error);
    } catch {
      // A failing hook must not replace the request's own error.
    }
    throw error;
  };
}

/** The data of a settled answer, read by the caller's reader; a reader's refusal is an unexpected response. */
export async function finish<T>(
  fail: Reject,
  settled: Settled<unknown>,
  meta: { url: string; method: HttpMethod },
  call?: AnswerHandling<T>,
): Promise<T> {
  if (!settled.ok) return fail(settled.error, call?.handledCodes);
  if (!call?.read) return settled.data as T; // an untyped call: the caller asked for no check
  try {
    return await call.read(settled.data);
  } catch (cause) {
    return fail(
      new HttpError({
        code: NETWORK_ERROR_CODE,
        msg: `Unexpected response: ${errorMessageOf(cause)}`,
        kind: "network",
        ...meta,
        cause,
      }),
    );
  }
}
