import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { apiUrl, routeTitle } from "./helpers/api-url";

/** Over a real socket: what a proxy or a browser sends, which app.inject cannot (chunked bodies, bad methods). */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Posts `size` bytes to `path`, with Content-Length or chunked (1 MiB… in 64 KiB chunks); resolves with the answer. */
function postBig(path: string, contentType: string, size: number, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        "content-type": contentType,
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) }),
      },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    // The server may answer (and stop reading) before the body is all sent.
    request.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const write = (): void => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

/** Writes raw request bytes and reads the whole answer (the server closes the connection). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (data: string) => (answer += data));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

const MB = 1024 * 1024;

describe("bodies over the limit answer 413 with the envelope, never 500", () => {
  it.each([
    [routeTitle("login"), apiUrl("login"), "application/json", 2 * MB],
    [routeTitle("analyticsIngest"), apiUrl("analyticsIngest"), "application/json", 1.1 * MB],
    [routeTitle("sentryTunnel"), apiUrl("sentryTunnel", { projectId: 1 }), "text/plain;charset=UTF-8", 1.2 * MB],
    ["POST /login (form)", "/login", "application/x-www-form-urlencoded", 1 * MB],
  ])("%s with %s bytes, Content-Length and chunked", async (_name, path, contentType, size) => {
    for (const chunked of [false, true]) {
      const answer = await postBig(path, contentType, Math.round(size), chunked);
      expect(answer.status, `${chunked ? "chunked" : "content-length"}: ${answer.body}`).toBe(413);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(body).toMatchObject({ code: "413", msg: "body: the request body is too large", data: null });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("requests Node's parser refuses", () => {
  it("an unknown method gets 405, Allow and the envelope", async () => {
    const answer = await raw(`FOO ${apiUrl("login")} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("Allow: GET, HEAD, POST, PUT, PATCH, DELETE\r\n");
    expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe(
      JSON.stringify({ code: "405", msg: "method: not allowed", data: null }),
    );
  });

  it("TRACE reaches the app and gets 405 with the path's Allow", async () => {
    const answer = await raw(`TRACE ${apiUrl("login")} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer.toLowerCase()).toContain("allow: post\r\n");
    expect(answer).toContain(`"msg":"TRACE ${apiUrl("login")}: method not allowed"`);
  });

  it("a malformed request line gets 400 and the envelope", async () => {
    const answer = await raw("GET /\x01 HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.slice(answer.indexOf("\r\n\r\n") + 4)).toBe(
      JSON.stringify({ code: "400", msg: "request: malformed", data: null }),
    );
  });
});
