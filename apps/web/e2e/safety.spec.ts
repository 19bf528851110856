import { expect, test } from "@playwright/test";

const PAYLOAD = [
  "<p>Safe <strong>text</strong> and a <a href=\"https://docs.example.com/x\">guide</a>.</p>",
  "<img src=x onerror=\"window.__xss='img'\">",
  "<script>window.__xss='script'</script>",
  "<a href=\"javascript:window.__xss='href'\" id=\"evil\">click</a>",
  "<svg><script>window.__xss='svg'</script></svg>",
  "<iframe src=\"javascript:parent.__xss='iframe'\"></iframe>",
  "<!-- secret comment --><div onmouseover=\"window.__xss='hover'\">hover</div>",
].join("");

test("HTML from the API is sanitised before it is rendered: no script runs", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __alerts: string[] }).__alerts = [];
    window.alert = (message?: unknown) => void (window as unknown as { __alerts: string[] }).__alerts.push(String(message));
  });
  await page.route("**/v1/affiliate/programme", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { faq: { id: string; question: string; answerHtml: string }[] } };
    body.data.faq[0]!.answerHtml = PAYLOAD;
    await route.fulfill({ response, body: JSON.stringify(body) });
  });
  await page.goto("/affiliates");
  const first = page.getByTestId("faq").locator("details").first();
  await first.locator("summary").click();
  const answer = first.locator(".faq-answer");
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

test.describe("images through the optimiser under /affiliates (spec §7, §9)", () => {
  const source = "/affiliates/static/images/network.png";

  test("a listed width is optimised; an unlisted one is refused", async ({ request }) => {
    const original = await request.get(source);
    expect(original.status()).toBe(200);
    const optimised = await request.get(`/affiliates/_next/image?url=${encodeURIComponent(source)}&w=640&q=75`, { headers: { accept: "image/webp,image/*" } });
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
