/**
 * The pages this front end serves, by path below /affiliates. `meta` names the message namespace of the
 * page's title and description; `requiresLogin` pages send a visitor without a session to the login page.
 * `clientMessages`: the namespaces the page's client components read beyond the shell's (i18n/client-messages.ts);
 * only these go with the page.
 */
export const PAGES = {
  home: { path: "", meta: "home", requiresLogin: false, clientMessages: ["explore", "home", "programme"] },
  dashboard: {
    path: "/dashboard",
    meta: "dashboard",
    requiresLogin: true,
    clientMessages: ["affiliateDashboard", "apply", "dashboard", "form", "network"],
  },
  fee: { path: "/fee", meta: "fee", requiresLogin: false, clientMessages: ["fee", "feeTools", "form"] },
  apply: { path: "/apply", meta: "apply", requiresLogin: true, clientMessages: ["apply", "form", "network"] },
  vipIntroduce: {
    path: "/vip/vipIntroduce",
    meta: "vipIntroduce",
    requiresLogin: false,
    clientMessages: ["explore", "vipCommon", "vipProgramme"],
  },
  vipDetail: {
    path: "/vip/detail",
    meta: "vipDetail",
    requiresLogin: true,
    clientMessages: ["vipCommon", "vipStatus"],
  },
  vipGuide: {
    path: "/vip/vip-guide",
    meta: "vipGuide",
    requiresLogin: false,
    clientMessages: ["vipCommon", "vipGuide", "vipProgramme"],
  },
  vipAirdrop: {
    path: "/vip/new-coin-airdrop",
    meta: "vipAirdrop",
    requiresLogin: false,
    clientMessages: ["vipAirdrop", "vipCommon"],
  },
  experienceCard: {
    path: "/experience-card",
    meta: "experienceCard",
    requiresLogin: false,
    clientMessages: ["explore", "form", "network"],
  },
  broker: { path: "/broker", meta: "broker", requiresLogin: false, clientMessages: ["form", "partners"] },
  marketMaker: {
    path: "/market-maker",
    meta: "marketMaker",
    requiresLogin: false,
    clientMessages: ["explore", "form", "partners"],
  },
  institutional: {
    path: "/vip-institutional-services",
    meta: "institutional",
    requiresLogin: false,
    clientMessages: ["explore", "form", "partners"],
  },
  institutionalPro: {
    path: "/vip-institutional-services/pro",
    meta: "institutionalPro",
    requiresLogin: false,
    clientMessages: ["form", "partners"],
  },
  incubation: {
    path: "/incubation-program",
    meta: "incubation",
    requiresLogin: false,
    clientMessages: ["form", "partners"],
  },
} as const;

export type PageKey = keyof typeof PAGES;

const byPath = new Map<string, PageKey>(Object.entries(PAGES).map(([key, page]) => [page.path, key as PageKey]));

export const pageOfPath = (path: string): PageKey | undefined => byPath.get(path);
export const requiresLogin = (path: string): boolean => {
  const key = byPath.get(path);
  return key ? PAGES[key].requiresLogin : false;
};
