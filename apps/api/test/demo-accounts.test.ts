import { describe, expect, it } from "vitest";
import { demoAccountLines } from "../../../scripts/lib/demo-accounts.mjs";
import { DEMO_ACCOUNTS } from "../src/seed";
import { AFFILIATE_DEMO_USERS } from "../src/seed/affiliate-specs";

describe("the demo accounts the start command prints", () => {
  it("lists every seeded login with its password, from the seed modules where they live", async () => {
    const lines = await demoAccountLines();
    expect(lines).toHaveLength(DEMO_ACCOUNTS.length + AFFILIATE_DEMO_USERS.length);
    expect(lines).toContain("demo account: affiliate@example.com / Affiliate#2026 (affiliate)");
    for (const user of AFFILIATE_DEMO_USERS)
      expect(lines).toContain(`demo affiliate: ${user.email} / ${user.password}`);
  });
});
