"use client";
import { lazy, Suspense } from "react";

/**
 * Last resort when the root layout itself fails; every other error goes through the localised error page. The
 * boundary is in every page's first load, so what it shows (with the English catalogues it reads) loads only when it
 * is needed (issue 36: they were ~4.8 KB gzip on every page).
 */
const GlobalErrorView = lazy(() => import("@/components/error/global-error-view"));

export default function GlobalError() {
  return (
    <html lang="en">
      <body>
        <Suspense>
          <GlobalErrorView />
        </Suspense>
      </body>
    </html>
  );
}
