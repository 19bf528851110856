"use client";
import { createHttpClient, type HttpError } from "@affiliates/http";
import { STORAGE_KEYS } from "./constants";
import { readStorage } from "./storage";

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

export const http = createHttpClient({
  getHeaders: () => ({
    language: currentLocale,
    locale: currentLocale,
    terminalCode: readStorage(STORAGE_KEYS.terminalCode) ?? "",
    deviceId: readStorage(STORAGE_KEYS.fingerprint) ?? "",
  }),
  onError: (error) => listeners.forEach((listener) => listener(error)),
});
