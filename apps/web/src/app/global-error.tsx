"use client";
import { BASE_PATH } from "@affiliates/locales";
import en from "../../messages/shell/en.json";
import status from "../../messages/status/en.json";

/**
 * Last resort when the root layout itself fails: no providers are left, so the English catalogue is read directly.
 * Every other error goes through the localised error page. Like it, this page offers a retry and a way back.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body>
        <title>{en.meta.error.title}</title>
        <main style={{ padding: 32, fontFamily: "system-ui, sans-serif" }}>
          <p>{en.error.heading}</p>
          <h1>{en.error.unknown}</h1>
          <p style={{ display: "flex", flexWrap: "wrap", gap: 16 }}>
            <a
              href=""
              onClick={(event) => {
                event.preventDefault();
                window.location.reload();
              }}
            >
              {en.error.retry}
            </a>
            <a href={BASE_PATH}>{status.status.errorPage.home}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
