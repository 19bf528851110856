import { isHttpError } from "@affiliates/http";

/**
 * A failure that another try may cure (useApi retries only these): no answer at all (offline, timed out), or the
 * server's 5xx or 429. An answer — a 403, a 404, a business refusal — would say the same the next time.
 */
export function worthRetrying(error: unknown): boolean {
  if (!isHttpError(error)) return true;
  if (error.kind === "network" || error.kind === "timeout") return true;
  const status = error.status ?? 0;
  return status >= 500 || status === 429;
}
