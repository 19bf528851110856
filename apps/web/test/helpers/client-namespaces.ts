import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Which message namespaces the client components under an entry file read, found from the source: the modules it
 * imports (static and dynamic, through `@/` and relative paths), followed down; a module is on the client from the
 * first `"use client"` on the way and everything it imports is too. In a client module, `useTranslations("ns…")` and
 * `useMessages().ns` name their namespace. A translator without a namespace builds its keys itself: its module must be
 * in `UNSCOPED`, with the namespaces those keys come from.
 */
export const WEB_ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(WEB_ROOT, "src");

const UNSCOPED: Record<string, readonly string[]> = {
  // The refresh prompt of a failed bridge call (BRIDGE_REFRESH_PROMPT_KEY).
  "src/components/providers/app-providers.tsx": ["bridge"],
  // Rendered on the client by the error page: its brand, navigation and menu labels.
  "src/components/shell/header.tsx": ["brand", "header", "nav"],
  // A refusal's sentence (apiErrors.<name>), else the HTTP texts of @affiliates/http (http.*).
  "src/lib/api-error-text.ts": ["apiErrors", "http"],
};

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;
const TYPE_ONLY_IMPORT = /^\s*(?:import|export)\s+type\s[^;]*;/gm; // erased at build: brings no module
const SCOPED = /useTranslations\(\s*["'`]([A-Za-z0-9_]+)/g;
const FROM_MESSAGES = /useMessages\(\)\s*\.\s*([A-Za-z0-9_]+)/g;
const UNSCOPED_CALL = /useTranslations\(\s*\)/;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined; // a package: none of them reads the catalogues
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, "index.tsx"), join(base, "index.ts")]) {
    if (/\.(tsx?)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined; // a style sheet or an asset
}

const isClientModule = (source: string) => /^\s*["']use client["']/.test(source);

/** The namespaces a module reads when it runs on the client. */
export function namespacesOfModule(file: string, source = readFileSync(file, "utf8")): Set<string> {
  const found = new Set<string>();
  for (const [, ns] of source.matchAll(SCOPED)) found.add(ns!);
  for (const [, ns] of source.matchAll(FROM_MESSAGES)) found.add(ns!);
  if (UNSCOPED_CALL.test(source)) {
    const known = UNSCOPED[relative(WEB_ROOT, file)];
    if (known === undefined) throw new Error(`${relative(WEB_ROOT, file)}: useTranslations() without a namespace`);
    for (const ns of known) found.add(ns);
  }
  return found;
}

/** The namespaces the client components reachable from `entry` (a path below apps/web) read. */
export function clientNamespaces(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, boolean>(); // file → visited on the client
  const visit = (file: string, onClient: boolean) => {
    const before = seen.get(file);
    if (before === true || (before === false && !onClient)) return;
    const source = readFileSync(file, "utf8");
    const client = onClient || isClientModule(source);
    seen.set(file, client);
    if (client) for (const ns of namespacesOfModule(file, source)) found.add(ns);
    for (const [, specifier] of source.replace(TYPE_ONLY_IMPORT, "").matchAll(IMPORT)) {
      const target = resolveImport(file, specifier!);
      if (target) visit(target, client);
    }
  };
  visit(join(WEB_ROOT, entry), false);
  return found;
}
