import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The API's house (docs/architecture.md): platform at the bottom, domains above it, and above them what composes
// them (app, admin routes, seeds, migrations, jobs, server). Arrows only point down; domains import each other
// without cycles; a lower layer never names a higher one.
const SRC = path.resolve(import.meta.dirname, "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** `platform`, `domains/<name>` or the top-level module/folder a file belongs to. */
function unitOf(file: string): string {
  const [first, second] = path.relative(SRC, file).split(path.sep);
  if (first === "domains") return `domains/${second}`;
  return first!.replace(/\.(ts|mjs)$/, "");
}

/** Finer: platform's own folders count apart (db, http, plugins …). */
function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === "platform" && parts.length > 2) return `platform/${parts[1]}`;
  return unitOf(file);
}

const rank = (unit: string): number => (unit === "platform" ? 0 : unit.startsWith("domains/") ? 1 : 2);

/** Every import between units (or folders): [from, to, file]. */
function importsBetweenUnits(unit = unitOf): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      const from = unit(file);
      const to = unit(target.endsWith(".json") ? target : `${target}.ts`);
      if (from !== to) found.push([from, to, path.relative(SRC, file)]);
    }
  }
  return found;
}

describe("the API's layers", () => {
  const edges = importsBetweenUnits();

  it("finds the imports it judges (the walk reads the tree)", () => {
    expect(edges.some(([from, to]) => from === "app" && to === "platform")).toBe(true);
    expect(edges.some(([from, to]) => from.startsWith("domains/") && to === "platform")).toBe(true);
  });

  it("never imports upward: platform names no domain, a domain names nothing that composes domains", () => {
    const upward = edges
      .filter(([from, to]) => rank(to) > rank(from))
      .map(([from, to, file]) => `${file}: ${from} → ${to}`);
    expect(upward).toEqual([]);
  });

  it("has no cycle between domains (so no folder pair imports each other)", () => {
    const graph = new Map<string, Set<string>>();
    for (const [from, to] of edges) {
      if (!from.startsWith("domains/") || !to.startsWith("domains/")) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(" → "));
        return;
      }
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it("has no pair of folders importing each other, platform's own folders included", () => {
    const pairs = new Set(importsBetweenUnits(folderOf).map(([from, to]) => `${from} → ${to}`));
    const mutual = [...pairs].filter((pair) => pairs.has(pair.split(" → ").reverse().join(" → ")));
    expect(mutual).toEqual([]);
  });

  it("keeps the top-level modules apart: seeds, migrations and jobs are never imported by what they build on", () => {
    const intoTop = edges.filter(([from, to]) => rank(from) < 2 && ["seed", "migrations", "jobs", "app"].includes(to));
    expect(intoTop).toEqual([]);
  });
});
