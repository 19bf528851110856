import type { ComponentType } from "react";

/**
 * A dashboard part that uses antd, loaded (by `next/dynamic`) together with antd's providers around it. The page
 * itself mounts none: on a phone's first view no antd part is on screen (they load near the viewport, `Deferred`),
 * and a ConfigProvider derives antd's whole theme and injects its styles when it mounts, whether or not anything
 * under it uses them. `themed`: the dashboard's text colours (DashboardTheme) too.
 */
export function withDashboardKit<P extends object>(
  island: Promise<ComponentType<P>>,
  { themed = true }: { themed?: boolean } = {},
): Promise<ComponentType<P>> {
  return Promise.all([island, import("./dashboard-kit")]).then(([Island, kit]) => kit.inDashboardKit(Island, themed));
}
