import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { envelope } from "./test-app";

/** Asserts a 200 success envelope (code 00000) and returns its data. */
export function okData(response: LightMyRequestResponse): unknown {
  expect(response.statusCode, response.body).toBe(200);
  const body = envelope(response);
  expect(body.code).toBe("00000");
  return body.data;
}

/** Asserts a refusal: the HTTP status, the envelope code, null data and, when given, the message. */
export function refused(response: LightMyRequestResponse, status: number, code: string, msg?: RegExp | string): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = envelope(response);
  expect(body.code).toBe(code);
  expect(body.data).toBeNull();
  if (typeof msg === "string") expect(body.msg).toBe(msg);
  else if (msg) expect(body.msg).toMatch(msg);
}
