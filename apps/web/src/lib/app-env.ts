import type { AppEnv } from "@affiliates/device-token";

/** APP_ENV of spec §3 (test | beta | online), fixed at build time for the client (pages are pre-rendered). */
export const APP_ENV: AppEnv = ((): AppEnv => {
  const value = process.env.NEXT_PUBLIC_APP_ENV;
  return value === "beta" || value === "online" ? value : "test";
})();
