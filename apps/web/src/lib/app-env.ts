import type { AppEnv } from "@affiliates/device-token";
import { runtimeConfig } from "./runtime-config";

/**
 * APP_ENV of requirements.md §3 (test | beta | online), read at run time: in the browser from the page the server sent
 * (runtime-config.ts), on the server from its environment. One build serves every environment.
 */
export const appEnv = (): AppEnv => runtimeConfig().appEnv;
