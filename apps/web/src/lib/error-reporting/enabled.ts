/** requirements.md §9: reporting is on for these APP_ENV values only (never for `test`). Kept apart so first-load code stays tiny. */
export const ENABLED_APP_ENVS = ["beta", "online"] as const;

export const isErrorReportingEnabled = (appEnv: string | undefined): boolean =>
  (ENABLED_APP_ENVS as readonly string[]).includes(appEnv ?? "");
