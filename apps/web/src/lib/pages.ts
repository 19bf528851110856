/**
 * The pages this front end serves, by path below /affiliates. `meta` names the message namespace of the
 * page's title and description; `requiresLogin` pages send a visitor without a session to the login page.
 */
export const PAGES = {
  home: { path: "", meta: "home", requiresLogin: false },
  dashboard: { path: "/dashboard", meta: "dashboard", requiresLogin: true },
  fee: { path: "/fee", meta: "fee", requiresLogin: false },
  apply: { path: "/apply", meta: "apply", requiresLogin: true },
  vipIntroduce: { path: "/vip/vipIntroduce", meta: "vipIntroduce", requiresLogin: false },
  vipDetail: { path: "/vip/detail", meta: "vipDetail", requiresLogin: true },
  vipGuide: { path: "/vip/vip-guide", meta: "vipGuide", requiresLogin: false },
  vipAirdrop: { path: "/vip/new-coin-airdrop", meta: "vipAirdrop", requiresLogin: false },
  experienceCard: { path: "/experience-card", meta: "experienceCard", requiresLogin: false },
  broker: { path: "/broker", meta: "broker", requiresLogin: false },
  marketMaker: { path: "/market-maker", meta: "marketMaker", requiresLogin: false },
  institutional: { path: "/vip-institutional-services", meta: "institutional", requiresLogin: false },
  institutionalPro: { path: "/vip-institutional-services/pro", meta: "institutionalPro", requiresLogin: false },
  incubation: { path: "/incubation-program", meta: "incubation", requiresLogin: false },
} as const;

export type PageKey = keyof typeof PAGES;
export type PageMeta = (typeof PAGES)[PageKey]["meta"];

const byPath = new Map<string, PageKey>(Object.entries(PAGES).map(([key, page]) => [page.path, key as PageKey]));

export const pageOfPath = (path: string): PageKey | undefined => byPath.get(path);
export const requiresLogin = (path: string): boolean => {
  const key = byPath.get(path);
  return key ? PAGES[key].requiresLogin : false;
};
