"use client";
import en from "../../messages/shell/en.json";

/**
 * Last resort when the root layout itself fails: no providers are left, so the English catalogue is read directly.
 * Every other error goes through the localised error page.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body>
        <main style={{ padding: 32, fontFamily: "system-ui, sans-serif" }}>
          <p>{en.error.heading}</p>
          <h1>{en.error.unknown}</h1>
          <a href="" onClick={(event) => { event.preventDefault(); window.location.reload(); }}>{en.error.retry}</a>
        </main>
      </body>
    </html>
  );
}
