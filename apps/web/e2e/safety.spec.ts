import { expect, test } from "@playwright/test";
import { apiPath } from "./fixtures";

const PAYLOAD = [
  '<p>Safe <strong>text</strong> and a <a href="https://docs.example.com/x">guide</a>.</p>',
  "<img src=x onerror=\"window.__xss='img'\">",
  "<script>window.__xss='script'</script>",
  '<a href="javascript:window.__xss=\'href\'" id="evil">click</a>',
  "<svg><script>window.__xss='svg'</script></svg>",
  "<iframe src=\"javascript:parent.__xss='iframe'\"></iframe>",
  "<!-- secret comment --><div onmouseover=\"window.__xss='hover'\">hover</div>",
].join("");

/**
 * FAQ answers are HTML from the API. They come with the page now (the offer is in the HTML), sanitised by
 * the server that rendered it with the same whitelist (lib/offer-loader.ts; the payload above is its unit test's):
 * each answer served is exactly the sanitiser's output of the API's answer, and no script in it runs.
 */
for (const { path, offer, testId } of [
  { path: "/affiliates", offer: apiPath("affiliateProgramme"), testId: "faq" },
  { path: "/affiliates/incubation-program", offer: apiPath("incubationProgramme"), testId: "partner-faq" },
]) {
  test(`the FAQ answers of ${path} are the sanitiser's output of the API's HTML`, async ({ page, request }) => {
    const { sanitizeHtml } = await import("@affiliates/safety");
    const answer = (await (await request.get(offer, { headers: { Locale: "en" } })).json()) as {
      data: { faq: { answerHtml: string }[] };
    };
    const expected = answer.data.faq.map((item) => sanitizeHtml(item.answerHtml));
    expect(expected.length).toBeGreaterThan(0);
    await page.goto(path);
    const served = await page
      .getByTestId(testId)
      .locator(".faq-answer")
      .evaluateAll((nodes) => nodes.map((node) => node.innerHTML));
    // Both read back through the browser's parser, so quoting and entities compare alike.
    const normalised = await page.evaluate(
      (html) => html.map((h) => Object.assign(document.createElement("div"), { innerHTML: h }).innerHTML),
      expected,
    );
    expect(served).toEqual(normalised);
    for (const html of served) expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe|<svg|<!--/i);
  });
}

test("the sanitiser removes every way a script could run from API HTML (the whitelist the server applies)", async ({
  page,
}) => {
  const { sanitizeHtml } = await import("@affiliates/safety");
  await page.addInitScript(() => {
    (window as unknown as { __alerts: string[] }).__alerts = [];
    window.alert = (message?: unknown) =>
      void (window as unknown as { __alerts: string[] }).__alerts.push(String(message));
  });
  await page.goto("/affiliates");
  // What the server would send for a hostile answer, put where a FAQ answer goes, then hovered and clicked.
  await page.evaluate((html) => {
    const answer = document.querySelector(".faq-answer");
    if (answer) answer.innerHTML = html;
    answer?.closest("details")?.setAttribute("open", "");
  }, sanitizeHtml(PAYLOAD));
  const answer = page.locator(".faq-answer").first();
  await expect(answer).toContainText("Safe text and a guide.");
  await answer.getByText("hover").hover();
  await answer.getByText("click").click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts)).toEqual([]);
  const html = await answer.innerHTML();
  expect(html).not.toMatch(/<script|onerror|onmouseover|javascript:|<iframe|<svg|<!--/i);
  await expect(answer.locator('a[href="https://docs.example.com/x"]')).toHaveAttribute("rel", /noopener/);
});

test.describe("images through the optimiser under /affiliates (requirements.md §7, §9)", () => {
  const source = "/affiliates/static/images/network.png";

  test("a listed width is optimised; an unlisted one is refused", async ({ request }) => {
    const original = await request.get(source);
    expect(original.status()).toBe(200);
    const optimised = await request.get(`/affiliates/_next/image?url=${encodeURIComponent(source)}&w=640&q=75`, {
      headers: { accept: "image/webp,image/*" },
    });
    expect(optimised.status()).toBe(200);
    expect(optimised.headers()["content-type"]).toMatch(/^image\//);
    expect((await optimised.body()).length).toBeLessThan((await original.body()).length);
    const refused = await request.get(`/affiliates/_next/image?url=${encodeURIComponent(source)}&w=641&q=75`);
    expect(refused.status()).toBe(400);
  });

  test("the programme page loads its picture through the optimiser", async ({ page }) => {
    await page.goto("/affiliates");
    const src = await page.locator("img.programme-art").getAttribute("src");
    expect(src).toMatch(/^\/affiliates\/_next\/image\?url=%2Faffiliates%2Fstatic%2Fimages%2Fnetwork\.png&w=\d+&q=75$/);
  });
});
