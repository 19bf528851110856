// @ts-check
// The demo accounts the start command prints once the product is up (read from the API's TypeScript seed, so the
// caller runs under tsx). A test reads the same lines, so a seed module that moves breaks the test, not the start.
export async function demoAccountLines() {
  const { DEMO_ACCOUNTS } = await import("../../apps/api/src/seed/index.ts");
  const { AFFILIATE_DEMO_USERS } = await import("../../apps/api/src/seed/affiliate-specs.ts");
  return [
    ...DEMO_ACCOUNTS.map((account) => `demo account: ${account.email} / ${account.password} (${account.role})`),
    ...AFFILIATE_DEMO_USERS.map((user) => `demo affiliate: ${user.email} / ${user.password}`),
  ];
}
