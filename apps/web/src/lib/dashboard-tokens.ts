/**
 * antd token overrides of the dashboard's tables, forms and pickers, so their text passes WCAG AA (4.5:1) in both
 * themes: antd's defaults put white on the brand cyan (2.6:1), and its placeholder and description greys are too
 * light (rgba(0,0,0,.25) and .45 on white). Checked by `contrastRatio` in the unit tests.
 */
export const DASHBOARD_TOKENS = {
  White: {
    colorPrimary: "#027d93",
    colorLink: "#026b7e",
    colorTextPlaceholder: "#667085",
    colorTextDescription: "#4b5565",
    colorTextTertiary: "#4b5565",
  },
  Black: {
    colorPrimary: "#03aac7",
    colorLink: "#35c8e0",
    /** Text on primary buttons: dark on the bright cyan (6.8:1). */
    colorTextLightSolid: "#041316",
    colorTextPlaceholder: "#9aa1aa",
    colorTextDescription: "#aeb4bc",
    colorTextTertiary: "#aeb4bc",
  },
} as const;

/** The backgrounds those texts sit on: antd's container colours (white; #141414 with the dark algorithm). */
export const DASHBOARD_SURFACES = { White: "#ffffff", Black: "#141414" } as const;

const channel = (value: number): number => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new TypeError(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((h) => channel(parseInt(h ?? "0", 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
