"use client";
import type { ReactNode } from "react";
import { ConfigProvider } from "antd";
import { useTheme } from "@/components/providers/theme-context";
import { DASHBOARD_TOKENS } from "@/lib/dashboard-tokens";

/** The dashboard's antd parts with text colours that pass WCAG AA in the page's theme (see DASHBOARD_TOKENS). */
export function DashboardTheme({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <ConfigProvider theme={{ token: DASHBOARD_TOKENS[theme === "Black" ? "Black" : "White"] }}>
      {children}
    </ConfigProvider>
  );
}
