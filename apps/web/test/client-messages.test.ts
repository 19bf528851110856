import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pickNamespaces, SHELL_NAMESPACES } from "../src/i18n/client-messages";
import { loadMessages } from "../src/i18n/messages";
import { PAGES, type PageKey } from "../src/lib/pages";
import { clientNamespaces, namespacesOfModule, WEB_ROOT } from "./helpers/client-namespaces";

const APP = "src/app/[locale]/[variant]";
const sorted = (names: Iterable<string>) => [...names].sort();

/** Every page file below the app, with the PAGES entry its Shell names (none for the catch-all and test pages). */
function pageFiles(): { file: string; key: PageKey | undefined }[] {
  const found: { file: string; key: PageKey | undefined }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(WEB_ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "page.tsx") {
        const key = /PAGES\.(\w+)\.path/.exec(readFileSync(join(WEB_ROOT, path), "utf8"))?.[1];
        found.push({ file: path, key: key as PageKey | undefined });
      }
    }
  };
  walk(`${APP}/affiliates`);
  return found;
}

describe("client message namespaces", () => {
  it("the shell's list is exactly what the layout, the shell, the error page and the not-found page read", () => {
    const shell = new Set<string>();
    for (const entry of [
      `${APP}/layout.tsx`,
      `${APP}/error.tsx`,
      `${APP}/not-found.tsx`,
      "src/components/shell/shell.tsx",
    ])
      for (const ns of clientNamespaces(entry)) shell.add(ns);
    expect(sorted(SHELL_NAMESPACES)).toEqual(sorted(shell));
  });

  it.each(pageFiles())(
    "$file: its page's list is exactly what its client components read beyond the shell",
    ({ file, key }) => {
      const beyondShell = sorted(
        [...clientNamespaces(file)].filter((ns) => !(SHELL_NAMESPACES as readonly string[]).includes(ns)),
      );
      if (key === undefined) expect(beyondShell).toEqual([]);
      else expect(sorted(PAGES[key].clientMessages)).toEqual(beyondShell);
    },
  );

  it("every page of PAGES has a page file, and every listed namespace is in the English catalogue", async () => {
    const keys = pageFiles().map((page) => page.key);
    const english = Object.keys(await loadMessages("en"));
    for (const key of Object.keys(PAGES) as PageKey[]) {
      expect(keys).toContain(key);
      for (const ns of PAGES[key].clientMessages) expect(english).toContain(ns);
    }
    for (const ns of SHELL_NAMESPACES) expect(english).toContain(ns);
  });

  it("counts a namespace only where it runs on the client", () => {
    // The experience-card page translates its own texts on the server; its client components read others.
    const page = `${APP}/affiliates/experience-card/page.tsx`;
    expect(readFileSync(join(WEB_ROOT, page), "utf8")).toContain('useTranslations("experienceCardPage")');
    expect(clientNamespaces(page)).not.toContain("experienceCardPage");
    expect(clientNamespaces(page)).toContain("network");
  });

  it("reads scoped translators, templates and useMessages, and refuses an unscoped translator it does not know", () => {
    const file = join(WEB_ROOT, "src/components/example.tsx");
    const source = [
      '"use client";',
      'const t = useTranslations("fee.table");',
      "const u = useTranslations(`partners.features.${group}`);",
      "const stages = useMessages().vipCommon.stages;",
    ].join("\n");
    expect(sorted(namespacesOfModule(file, source))).toEqual(["fee", "partners", "vipCommon"]);
    expect(() => namespacesOfModule(file, "const t = useTranslations();")).toThrow(/without a namespace/);
  });

  it("picks only the namespaces asked for that the catalogue has", () => {
    const messages = { home: { a: "A" }, fee: { b: "B" }, nav: { c: "C" } };
    expect(pickNamespaces(messages, ["home", "nav", "missing"])).toEqual({ home: { a: "A" }, nav: { c: "C" } });
  });
});
