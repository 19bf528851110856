"use client";
import { createHttpClient, type HttpClient, type HttpError, type PostTransport } from "@affiliates/http";
import { readCachedCustomToken } from "@affiliates/device-token";
import { currentIdentity } from "./terminal-identity";
import { reportError } from "./error-reporting/report";
import { trackLoading } from "../state/global-loading";

type ErrorListener = (error: HttpError) => void;
const listeners = new Set<ErrorListener>();

/** The toast layer subscribes here; the client itself knows nothing of React. */
export function onHttpError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let currentLocale = "en";
export const setHttpLocale = (locale: string) => {
  currentLocale = locale;
};

let appTransport: PostTransport | undefined;
let client: HttpClient | null = null;

/** Inside the native app, POST requests go through the bridge (requirements.md §7); set once the bridge is up. */
export function setAppPostTransport(transport: PostTransport): void {
  appTransport = transport;
  client = null;
}

/** Every failed call: reported (requirements.md §8; sensitive parameters stripped by the reporter, silent codes skipped), then toasted. */
function handleError(error: HttpError): void {
  if (!error.silent)
    reportError(error, {
      tags: { source: "http", kind: error.kind },
      url: error.url,
      method: error.method,
      code: error.code,
      status: error.status,
    });
  listeners.forEach((listener) => listener(error));
}

/** A failure of a call the client cannot make itself (a file download): reported and toasted like its own. */
export const raiseHttpError = (error: HttpError): void => handleError(error);

function current(): HttpClient {
  client ??= createHttpClient({
    getHeaders: () => ({
      language: currentLocale,
      locale: currentLocale,
      terminalCode: currentIdentity()?.terminalCode ?? "",
      deviceId: currentIdentity()?.fingerprint ?? "",
      customToken: readCachedCustomToken(),
    }),
    onError: handleError,
    postTransport: appTransport,
  });
  return client;
}

/**
 * The product's request client (packages/http), built on first use with the transport of the moment. Every call
 * counts towards the global loading flag while it runs.
 */
export const http: HttpClient = {
  get: (path, params, options) => trackLoading(current().get(path, params, options)),
  post: (path, body, options) => trackLoading(current().post(path, body, options)),
  put: (path, body, options) => trackLoading(current().put(path, body, options)),
  patch: (path, body, options) => trackLoading(current().patch(path, body, options)),
  delete: (path, options) => trackLoading(current().delete(path, options)),
  upload: (path, formData, dyToken, options) => trackLoading(current().upload(path, formData, dyToken, options)),
};
