import { describe, expect, it } from "vitest";
import { APP_VIEWPORT, viewportOf, WEB_VIEWPORT } from "../src/lib/viewport";

describe("viewport (architecture.md, Decisions 2026-11-26)", () => {
  it("is fixed at scale 1 with no zoom inside the app (requirements.md §2)", () => {
    expect(viewportOf(true)).toBe(APP_VIEWPORT);
    expect(viewportOf(true)).toEqual({ width: "device-width", initialScale: 1, maximumScale: 1, userScalable: false });
  });

  it("is zoomable on the web (WCAG 1.4.4): no maximum scale, user scaling not turned off", () => {
    expect(viewportOf(false)).toBe(WEB_VIEWPORT);
    expect(viewportOf(false)).toEqual({ width: "device-width", initialScale: 1 });
  });
});
