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
import { localizeCsv, parseCsv, zonedTimestamp, type CsvLocalization } from "../src/lib/csv-localize";
import { fetchCsv } from "../src/lib/csv-download";

type Tree = { [key: string]: string | Tree };
const titlesOf = (locale: string, kind: "commissions" | "invitees"): Record<string, string> => {
  const file = path.resolve(__dirname, "../messages/dashboard", `${locale}.json`);
  const tree = JSON.parse(readFileSync(file, "utf8")) as { affiliateDashboard: { csv: Record<string, Tree> } };
  return tree.affiliateDashboard.csv[kind] as Record<string, string>;
};

const TITLES: Record<string, string> = { tradeDay: "Trade day", status: "Status", settledAt: "Settled at (GMT+8)" };
const STATUS: Record<string, string> = { pending: "Ausstehend", settled: "Abgerechnet" };
const how: CsvLocalization = {
  title: (key) => TITLES[key],
  value: (key, raw) =>
    key === "status" ? (STATUS[raw] ?? raw) : key === "settledAt" ? zonedTimestamp(raw, "Asia/Shanghai") : raw,
  compare: (a, b) => ((a.tradeDay ?? "") < (b.tradeDay ?? "") ? 1 : (a.tradeDay ?? "") > (b.tradeDay ?? "") ? -1 : 0),
};

describe("localizeCsv (issue 34)", () => {
  it("drops untitled columns (internal ids), translates values, writes times in the zone, sorts, keeps one BOM", () => {
    const csv = `${CSV_BOM}id,tradeDay,status,settledAt\r\n7,2026-11-20,settled,2026-11-21T00:00:00.000Z\r\n9,2026-11-22,pending,\r\n`;
    const out = localizeCsv(csv, how);
    expect(out).toBe(
      `${CSV_BOM}Trade day,Status,Settled at (GMT+8)\r\n2026-11-22,Ausstehend,\r\n2026-11-20,Abgerechnet,2026-11-21 08:00:00\r\n`,
    );
    expect(out.indexOf(CSV_BOM, 1)).toBe(-1);
  });

  it("reads quoted fields with commas, quotes and line breaks, LF endings, and a file without rows", () => {
    expect(parseCsv('a,"b, c","d ""e""\nf"\n1,2,3\n')).toEqual([
      ["a", "b, c", 'd "e"\nf'],
      ["1", "2", "3"],
    ]);
    expect(localizeCsv("tradeDay,status\n", how)).toBe(`${CSV_BOM}Trade day,Status\r\n`);
    expect(localizeCsv("", how)).toBe(CSV_BOM);
    expect(csvQuote("two\nlines")).toBe('"two\nlines"');
  });

  it("writes a moment on the clock of a zone, empty stays empty, a non-moment stays as it is", () => {
    expect(zonedTimestamp("2026-11-28T00:00:00.000Z", "UTC")).toBe("2026-11-28 00:00:00");
    expect(zonedTimestamp("2026-11-28T00:00:00.000Z", "America/New_York")).toBe("2026-11-27 19:00:00");
    expect(zonedTimestamp("", "UTC")).toBe("");
    expect(zonedTimestamp("soon", "UTC")).toBe("soon");
  });

  it("the catalogue titles every column of both exports (no internal ids), the times with their zone", () => {
    for (const locale of ["en", "ar", "ja", "de"]) {
      const commissions = titlesOf(locale, "commissions");
      const invitees = titlesOf(locale, "invitees");
      expect(Object.keys(commissions).sort()).toEqual([...AFFILIATE_COMMISSION_CSV_COLUMNS].sort());
      expect(Object.keys(invitees).sort()).toEqual([...AFFILIATE_INVITEE_CSV_COLUMNS].sort());
      for (const key of ["settledAt"]) expect(commissions[key]).toContain("{zone}");
      for (const key of ["registeredAt", "firstDepositAt", "firstTradeAt"]) expect(invitees[key]).toContain("{zone}");
    }
    expect([...AFFILIATE_COMMISSION_CSV_COLUMNS, ...AFFILIATE_INVITEE_CSV_COLUMNS]).not.toContain("id");
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
