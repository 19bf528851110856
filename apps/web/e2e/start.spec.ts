import { expect, test } from "@playwright/test";
import { apiPath } from "./fixtures";

// The suite's web server is the README's own start script (scripts/start.mjs): API and web app as one process tree.
test("npm start serves the product and the API on one public origin", async ({ request }) => {
  const page = await request.get("/affiliates");
  expect(page.status()).toBe(200);
  expect(await page.text()).toMatch(/<html lang="en" dir="ltr"/);

  const config = await request.get(apiPath("domainConfig"));
  expect(config.status()).toBe(200);
  const body = (await config.json()) as {
    code: string;
    data: { imgDomainConfig: { foreignDomainList: string[]; internalDomainList: string[] } };
  };
  expect(body.code).toBe("00000");
  expect(body.data.imgDomainConfig.foreignDomainList.length).toBeGreaterThan(0);
  expect(body.data.imgDomainConfig.internalDomainList.length).toBeGreaterThan(0);

  const login = await request.get("/ar/login?from=%2Far%2Faffiliates&source=cms");
  expect(login.status()).toBe(200);
  expect(await login.text()).toMatch(/<html lang="ar" dir="rtl"/);
});
