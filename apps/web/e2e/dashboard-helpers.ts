import { expect, type Page } from "@playwright/test";

/** Below-the-fold parts of the dashboard load when they come near the viewport: scroll to one before using it. */
export async function reveal(page: Page, name: string): Promise<void> {
  const part = page.locator(`[data-deferred="${name}"]`);
  await part.scrollIntoViewIfNeeded();
  await expect(part).toHaveAttribute("data-ready", "true");
  // Parts above it may have loaded too and changed height: let the page settle before interacting.
  await page.waitForLoadState("networkidle");
  await part.scrollIntoViewIfNeeded();
}

/** `YYYY-MM-DD` of `daysAgo` days before today (UTC). */
export const dayAgo = (daysAgo: number): string => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo))
    .toISOString()
    .slice(0, 10);
};
