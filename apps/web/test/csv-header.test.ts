import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AFFILIATE_COMMISSION_CSV_COLUMNS,
  AFFILIATE_INVITEE_CSV_COLUMNS,
  CSV_BOM,
  csvQuote,
} from "@affiliates/contracts";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { HttpError } from "@affiliates/http";
import { localizeCsvHeader } from "../src/lib/csv-header";
import { fetchCsv } from "../src/lib/csv-download";

type Tree = { [key: string]: string | Tree };
const titlesOf = (locale: string, kind: "commissions" | "invitees"): Record<string, string> => {
  const file = path.resolve(__dirname, "../messages/dashboard", `${locale}.json`);
  const tree = JSON.parse(readFileSync(file, "utf8")) as { affiliateDashboard: { csv: Record<string, Tree> } };
  return tree.affiliateDashboard.csv[kind] as Record<string, string>;
};

const TITLES: Record<string, string> = { id: "Record ID", tradeDay: "Trade day", status: "Status" };
const title = (key: string) => TITLES[key];

describe("localizeCsvHeader", () => {
  it("replaces the header row's keys and keeps the BOM, the line ending and every data row as they are", () => {
    const rows = '1,2026-11-20,settled\r\n2,2026-11-21,"a, b"\r\n';
    const out = localizeCsvHeader(`${CSV_BOM}id,tradeDay,status\r\n${rows}`, title);
    expect(out).toBe(`${CSV_BOM}Record ID,Trade day,Status\r\n${rows}`);
    expect(out.indexOf(CSV_BOM, 1)).toBe(-1);
  });

  it("puts the BOM back when the text lost it (fetch's text() drops it), with LF endings too", () => {
    expect(localizeCsvHeader("id,status\n1,pending\n", title)).toBe(`${CSV_BOM}Record ID,Status\n1,pending\n`);
  });

  it("quotes titles with commas, quotes or line breaks, and keeps a key without a title", () => {
    const out = localizeCsvHeader(
      `${CSV_BOM}id,status,extra\r\n`,
      (key) => ({ id: "ID, record", status: 'The "status"' })[key],
    );
    expect(out).toBe(`${CSV_BOM}"ID, record","The ""status""",extra\r\n`);
    expect(csvQuote("plain")).toBe("plain");
    expect(csvQuote("two\nlines")).toBe('"two\nlines"');
  });

  it("reads a quoted key and handles a header without rows, or nothing", () => {
    expect(localizeCsvHeader('"id",status', title)).toBe(`${CSV_BOM}Record ID,Status`);
    expect(localizeCsvHeader(CSV_BOM, title)).toBe(CSV_BOM);
    expect(localizeCsvHeader("", title)).toBe(CSV_BOM);
  });

  it("the catalogue titles every column of both exports, here in Arabic and Japanese", () => {
    for (const locale of ["en", "ar", "ja"]) {
      const commissions = titlesOf(locale, "commissions");
      const invitees = titlesOf(locale, "invitees");
      expect(Object.keys(commissions).sort()).toEqual([...AFFILIATE_COMMISSION_CSV_COLUMNS].sort());
      expect(Object.keys(invitees).sort()).toEqual([...AFFILIATE_INVITEE_CSV_COLUMNS].sort());
    }
    const ar = titlesOf("ar", "invitees");
    const csv = `${CSV_BOM}${AFFILIATE_INVITEE_CSV_COLUMNS.join(",")}\r\n70****12,2026-11-20,true,,,1234.50,12.34,YT01\r\n`;
    const [header, row] = localizeCsvHeader(csv, (key) => ar[key])
      .slice(1)
      .split("\r\n");
    expect(header).toBe(AFFILIATE_INVITEE_CSV_COLUMNS.map((key) => csvQuote(ar[key]!)).join(","));
    expect(row).toBe("70****12,2026-11-20,true,,,1234.50,12.34,YT01");
  });
});

describe("fetchCsv", () => {
  const csvResponse = (body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status: 200, headers: { "content-type": "text/csv; charset=utf-8", ...headers } });

  it("asks with the session cookie and answers the text and the server's file name", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const file = await fetchCsv(
      `/${ENDPOINTS.inviteesCsv.path}`,
      { search: "70****12", sort: "volume", order: "desc", linkId: undefined },
      "invitees.csv",
      (url, init) => {
        calls.push({ url, init });
        return Promise.resolve(
          csvResponse("maskedUserId\r\n", { "content-disposition": 'attachment; filename="invitees-2026-11-25.csv"' }),
        );
      },
    );
    expect(calls[0]?.url).toBe(`/${ENDPOINTS.inviteesCsv.path}?search=70****12&sort=volume&order=desc`);
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(file).toEqual({ name: "invitees-2026-11-25.csv", text: "maskedUserId\r\n" });
    const unnamed = await fetchCsv("/x.csv", {}, "fallback.csv", () => Promise.resolve(csvResponse("a\r\n")));
    expect(unnamed.name).toBe("fallback.csv");
  });

  it("rejects with the request client's errors: the envelope's code, a bare status, a network failure", async () => {
    const envelope = new Response(JSON.stringify({ code: "00003", msg: "from: must be on or before to", data: null }), {
      status: 400,
      headers: { "content-type": "application/json" },
    });
    await expect(fetchCsv("/x.csv", {}, "x.csv", () => Promise.resolve(envelope))).rejects.toMatchObject({
      code: "00003",
      kind: "business",
      status: 400,
    });
    await expect(
      fetchCsv("/x.csv", {}, "x.csv", () => Promise.resolve(new Response("", { status: 502 }))),
    ).rejects.toMatchObject({ code: "502", kind: "http" });
    const offline = fetchCsv("/x.csv", {}, "x.csv", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(offline).rejects.toBeInstanceOf(HttpError);
    await expect(offline).rejects.toMatchObject({ code: "-1", kind: "network" });
  });
});
