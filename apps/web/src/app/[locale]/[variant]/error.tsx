"use client";
import { lazy, Suspense } from "react";

/**
 * A render crash anywhere below the layout shows the error page, with header and footer (requirements.md §2). The
 * boundary is in every page's first load; the page it shows loads when a crash happens (issue 36). Bundled here, it
 * was a second client copy of the whole shell (header, footer, menus: ~9 KB gzip) on every page.
 */
const RenderErrorPage = lazy(() => import("@/components/error/render-error-page"));

export default function RenderError() {
  return (
    <Suspense>
      <RenderErrorPage />
    </Suspense>
  );
}
