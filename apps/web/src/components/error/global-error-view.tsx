"use client";
import { BASE_PATH } from "@affiliates/locales";
import en from "../../../messages/shell/en.json";
import status from "../../../messages/status/en.json";

/**
 * The page of a failed root layout: no providers are left, so the English catalogue is read directly. Like the
 * localised error page, it offers a retry and a way back.
 */
export default function GlobalErrorView() {
  return (
    <main style={{ padding: 32, fontFamily: "system-ui, sans-serif" }}>
      <title>{en.meta.error.title}</title>
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
  );
}
