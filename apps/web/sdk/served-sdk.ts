// The scripts the web app serves as they are (public/affiliates/static): the exchange's device-token and risk SDK
// stand-ins and the chat widget. They are written readable, with types and comments, here in sdk/, and served
// minified, as a vendor's SDK comes: the two SDKs load with every page (issue 36's JS budget), and their comments were
// a third of their bytes. `npm run sdk:minify` writes the served copies; a unit test fails when one is not the minified
// form of its source.
import { transformSync } from "esbuild";
import path from "node:path";

export const SDK_SOURCE_DIR = import.meta.dirname;
export const SDK_SERVED_DIR = path.resolve(import.meta.dirname, "../public/affiliates/static");
export const SDK_SCRIPTS = ["device-token-sdk.js", "risk-sdk.js", "chat-widget.js"] as const;

/** The served form of a script's source: minified for the browsers Next targets, with a first line naming its source. */
export function minifiedSdk(name: (typeof SDK_SCRIPTS)[number], source: string): string {
  const { code } = transformSync(source, { minify: true, target: "es2017", legalComments: "none", loader: "js" });
  return `/* generated from apps/web/sdk/${name} (npm run sdk:minify) */\n${code}`;
}
