/**
 * The pages this front end serves, by path below /affiliates. `meta` names the message namespace of the
 * page's title and description; `requiresLogin` pages send a visitor without a session to the login page.
 */
export const PAGES = {
  home: { path: "", meta: "home", requiresLogin: false },
  dashboard: { path: "/dashboard", meta: "dashboard", requiresLogin: true },
  fee: { path: "/fee", meta: "fee", requiresLogin: false },
  apply: { path: "/apply", meta: "apply", requiresLogin: true },
} as const;

export type PageKey = keyof typeof PAGES;
export type PageMeta = (typeof PAGES)[PageKey]["meta"];

const byPath = new Map<string, PageKey>(Object.entries(PAGES).map(([key, page]) => [page.path, key as PageKey]));

export const pageOfPath = (path: string): PageKey | undefined => byPath.get(path);
export const requiresLogin = (path: string): boolean => {
  const key = byPath.get(path);
  return key ? PAGES[key].requiresLogin : false;
};
