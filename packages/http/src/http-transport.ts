import { withTimeout } from "@affiliates/contracts";
import { errorMessageOf, finish, type AnswerHandling, type Reject } from "./call-outcome";
import { NETWORK_ERROR_CODE, TIMEOUT_CODE } from "./constants";
import type { FetchLike, PostTransport, TimerClock } from "./create-http-client";
import { HttpError, type HttpMethod } from "./http-error";
import { readJsonBody, settleAnswer, type Settled, type WireEnvelope } from "./settle-response";

const timeoutError = (url: string, method: HttpMethod, ms: number) => () =>
  new HttpError({ code: TIMEOUT_CODE, msg: `Request timed out after ${ms} ms`, kind: "timeout", url, method });

const networkError = (url: string, method: HttpMethod, cause: unknown) =>
  new HttpError({ code: NETWORK_ERROR_CODE, msg: errorMessageOf(cause), kind: "network", url, method, cause });

/** The two ways a request travels, each bounded by its time-out and settled into data or a rejection. */
export interface HttpTransport {
  /** Over fetch (same-origin credentials, aborted at the time-out). */
  send<T>(
    method: HttpMethod,
    url: string,
    init: { headers: Record<string, string>; body?: BodyInit },
    ms: number,
    call?: AnswerHandling<T>,
  ): Promise<T>;
  /** A POST through the native app's bridge. */
  sendThroughBridge<T>(
    transport: PostTransport,
    path: string,
    params: unknown,
    headers: Record<string, string>,
    ms: number,
    call?: AnswerHandling<T>,
  ): Promise<T>;
}

export function createHttpTransport(fetchImpl: FetchLike, clock: TimerClock, fail: Reject): HttpTransport {
  return {
    async send(method, url, init, ms, call) {
      let settled: Settled<unknown>;
      try {
        settled = await withTimeout(clock, ms, timeoutError(url, method, ms), async (signal) => {
          let response: Response;
          try {
            response = await fetchImpl(url, {
              method,
              headers: init.headers,
              body: init.body,
              credentials: "same-origin",
              signal,
            });
          } catch (cause) {
            throw networkError(url, method, cause);
          }
          let body: unknown;
          try {
            body = await readJsonBody(response);
          } catch (cause) {
            throw networkError(url, method, cause);
          }
          return settleAnswer(body, { url, method, status: response.status, statusText: response.statusText });
        });
      } catch (error) {
        return fail(error instanceof HttpError ? error : networkError(url, method, error), call?.handledCodes);
      }
      return finish(fail, settled, { url, method }, call);
    },

    async sendThroughBridge(transport, path, params, headers, ms, call) {
      const method = "POST";
      let settled: Settled<unknown>;
      try {
        settled = await withTimeout(clock, ms, timeoutError(path, method, ms), async () => {
          let answer: WireEnvelope;
          try {
            answer = await transport(path, params, { headers });
          } catch (cause) {
            throw networkError(path, method, cause);
          }
          return settleAnswer(answer, { url: path, method });
        });
      } catch (error) {
        return fail(error instanceof HttpError ? error : networkError(path, method, error), call?.handledCodes);
      }
      return finish(fail, settled, { url: path, method }, call);
    },
  };
}
