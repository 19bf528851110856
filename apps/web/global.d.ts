// Typed messages and locales (next-intl's AppConfig, as in its example app): a key missing from the English
// catalogues, or a locale outside packages/locales, fails `tsc`.
import type { Locale } from "@affiliates/locales";
import type { MESSAGE_GROUPS } from "./src/i18n/messages";
import type affiliate from "./messages/affiliate/en.json";
import type dashboard from "./messages/dashboard/en.json";
import type errors from "./messages/errors/en.json";
import type forms from "./messages/forms/en.json";
import type network from "./messages/network/en.json";
import type partners from "./messages/partners/en.json";
import type shell from "./messages/shell/en.json";
import type status from "./messages/status/en.json";
import type trends from "./messages/trends/en.json";
import type vip from "./messages/vip/en.json";

/** English, the reference catalogue, per group (src/i18n/messages.ts merges the groups into one tree). */
interface EnglishGroups {
  affiliate: typeof affiliate;
  dashboard: typeof dashboard;
  errors: typeof errors;
  forms: typeof forms;
  network: typeof network;
  partners: typeof partners;
  shell: typeof shell;
  status: typeof status;
  trends: typeof trends;
  vip: typeof vip;
}

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
/** Every group the app loads has its English catalogue here, and no other. */
export type GroupsCovered = Holds<Exactly<keyof EnglishGroups, (typeof MESSAGE_GROUPS)[number]>>;

type Merged<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Merged<EnglishGroups[keyof EnglishGroups]>;
  }
}
