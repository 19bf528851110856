import { describe, expect, it, vi } from "vitest";
import { fetchOffer, loadOffers } from "../src/lib/offer-loader";
import { ENDPOINTS } from "@affiliates/contracts/endpoints";
import { offerKey } from "../src/lib/offers";
import type { FaqItem } from "../src/components/safe/faq-list";

const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("offers rendered into the page", () => {
  it("asks the API in the page's language, once per build, and keys the answer as useApi does", async () => {
    const fetcher = vi.fn(() => answer({ code: "00000", msg: "", data: { headlineMaxRateBps: 5000, faq: [] } }));
    const offers = await loadOffers("ja", ["programme", "feeSchedule"], fetcher);
    expect(Object.keys(offers).sort()).toEqual([offerKey("programme", "ja"), offerKey("feeSchedule", "ja")].sort());
    // One key per language where the answer is written per language (the FAQ), one for all where it is not.
    expect(offerKey("programme", "ja")).not.toBe(offerKey("programme", "en"));
    expect(offerKey("feeSchedule", "ja")).toBe(offerKey("feeSchedule", "en"));
    expect(offers[offerKey("programme", "ja")]).toEqual({ headlineMaxRateBps: 5000, faq: [] });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url.endsWith(`/${ENDPOINTS.affiliateProgramme.path}`)).toBe(true);
    expect(new Headers(init.headers).get("Locale")).toBe("ja");
    expect(init.cache).toBe("force-cache");
  });

  it("FAQ answers are sanitised on the server, beside the API's text", async () => {
    const html = '<p>Paid <b>weekly</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>';
    const fetcher = () =>
      answer({ code: "00000", msg: "", data: { faq: [{ id: "a", question: "When?", answerHtml: html }] } });
    // The answer's FAQ items, with what the loader adds beside the API's text (FaqList shows `sanitizedHtml`).
    const faq: FaqItem[] = (await fetchOffer("broker", "en", fetcher))?.faq ?? [];
    expect(faq[0]!.answerHtml).toBe(html);
    expect(faq[0]!.sanitizedHtml).toContain("<b>weekly</b>");
    expect(faq[0]!.sanitizedHtml).not.toMatch(/onerror|<script/);
  });

  it("an offer the API refuses or cannot give is left out: the browser asks for it as before", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refusing = () => answer({ code: "500", msg: "down", data: null }, 500);
    const down = () => Promise.reject(new TypeError("fetch failed"));
    expect(await loadOffers("en", ["vipProgramme"], refusing as unknown as typeof fetch)).toEqual({});
    expect(await loadOffers("en", ["vipProgramme"], down as unknown as typeof fetch)).toEqual({});
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`${ENDPOINTS.vipProgramme.path} (en) not rendered into the page: fetch failed`),
    );
    warn.mockRestore();
  });
});
