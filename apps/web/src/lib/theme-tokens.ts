import type { ThemeConfig } from "antd";

/** Spec §9 theme tokens and breakpoints. The dark algorithm is added for the Black theme by the provider. */
export const BREAKPOINTS = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;

export const THEME_TOKENS = {
  fontSize: 14,
  controlHeight: 32,
  borderRadius: 4,
  borderRadiusLG: 8,
  colorPrimary: "#03aac7",
  colorSuccess: "#0ECB81",
  colorWarning: "#FF9142",
  colorError: "#F7647E",
  fontFamily: "Pulse, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', sans-serif",
  screenXS: BREAKPOINTS.xs,
  screenSM: BREAKPOINTS.sm,
  screenMD: BREAKPOINTS.md,
  screenLG: BREAKPOINTS.lg,
  screenXL: BREAKPOINTS.xl,
  screenXXL: BREAKPOINTS.xxl,
} as const satisfies ThemeConfig["token"];

/** The "round" radius of spec §9 (pill buttons), used from CSS as var(--radius-round). */
export const RADIUS_ROUND_PX = 48;
