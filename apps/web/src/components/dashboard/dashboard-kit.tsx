"use client";
import type { ComponentType } from "react";
import { FormKit } from "@/components/form/form-kit";
import { DashboardTheme } from "./dashboard-theme";

/**
 * A dashboard island inside antd's providers: FormKit (with the page's antd catalogue, AntdLocaleProvider) and, when
 * `themed`, the dashboard's text colours. Loaded with the island (dashboard-island.ts), never in the first load.
 */
export function inDashboardKit<P extends object>(Island: ComponentType<P>, themed: boolean): ComponentType<P> {
  function KitIsland(props: P) {
    const island = <Island {...props} />;
    return <FormKit>{themed ? <DashboardTheme>{island}</DashboardTheme> : island}</FormKit>;
  }
  KitIsland.displayName = `InDashboardKit(${Island.displayName ?? Island.name})`;
  return KitIsland;
}
