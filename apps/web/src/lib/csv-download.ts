"use client";
import {
  buildUrl,
  HttpError,
  NETWORK_ERROR_CODE,
  readJsonBody,
  settleAnswer,
  TIMEOUT_CODE,
  type FetchLike,
  type QueryParams,
} from "@affiliates/http";

/** A year of records can take a while to stream: longer than the JSON calls' 10 s. */
export const CSV_TIMEOUT_MS = 60_000;
/** Some browsers start a blob download after the click's task: the object URL lives on for a while. */
const REVOKE_AFTER_MS = 40_000;
const FILE_NAME = /filename="?([^";]+)"?/i;

export interface CsvFile {
  name: string;
  text: string;
}

const defaultFetch: FetchLike = (url, init) => globalThis.fetch(url, init);
const timeoutSignal = (): AbortSignal | undefined =>
  typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(CSV_TIMEOUT_MS) : undefined;

/**
 * Fetches a CSV export with the session cookie, as the plain link it replaces did. The request client reads JSON
 * envelopes only, so this reads the text itself; a refusal (an envelope with an error code), a time-out or a network
 * failure rejects with the same HttpError the client would give. The file name is the server's, or `fallbackName`.
 */
export async function fetchCsv(
  path: string,
  params: QueryParams,
  fallbackName: string,
  fetchImpl: FetchLike = defaultFetch,
): Promise<CsvFile> {
  const url = buildUrl("", path, params);
  const method = "GET";
  const failed = (cause: unknown) => {
    const timeout = cause instanceof DOMException && cause.name === "TimeoutError";
    const msg = cause instanceof Error ? cause.message : String(cause);
    return new HttpError({
      code: timeout ? TIMEOUT_CODE : NETWORK_ERROR_CODE,
      msg,
      kind: timeout ? "timeout" : "network",
      url,
      method,
      cause,
    });
  };
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      credentials: "same-origin",
      headers: { Accept: "text/csv" },
      signal: timeoutSignal(),
    });
  } catch (cause) {
    throw failed(cause);
  }
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes("text/csv")) {
    const settled = settleAnswer(await readJsonBody(response).catch(() => undefined), {
      url,
      method,
      status: response.status,
      statusText: response.statusText,
    });
    throw settled.ok
      ? new HttpError({
          code: NETWORK_ERROR_CODE,
          msg: "Unexpected response",
          kind: "network",
          url,
          method,
          status: response.status,
        })
      : settled.error;
  }
  try {
    const text = await response.text();
    return { name: FILE_NAME.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName, text };
  } catch (cause) {
    throw failed(cause);
  }
}

/** Hands a file to the browser's download (a temporary link to an object URL). */
export function saveFile(blob: Blob, name: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
