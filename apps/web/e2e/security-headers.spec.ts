import { expect, test } from "@playwright/test";

test("pages and assets carry the security headers, and the pages work under them without console errors", async ({ page, request }) => {
  for (const path of ["/affiliates", "/ar/affiliates/fee", "/affiliates/static/icon.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-powered-by"]).toBeUndefined();
  }
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/affiliates");
  await expect(page.getByTestId("headline-rate")).toContainText("50%");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
