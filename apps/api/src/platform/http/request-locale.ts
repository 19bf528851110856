import type { FastifyRequest } from "fastify";

/** A locale tag as the web app sends it in the `Locale` header (`en`, `zh-CN`, `es-AR`); anything else is ignored. */
const LOCALE_TAG = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/** The request's `Locale` header when it is a well-formed locale tag, else null. */
export function requestLocale(request: FastifyRequest): string | null {
  const header = request.headers.locale;
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value && LOCALE_TAG.test(value) ? value : null;
}
