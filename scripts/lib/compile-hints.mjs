// @ts-check
// V8's explicit compile hint on the chunks a page runs at start (issue 36's TBT). Without it V8 compiles a function
// when it is first called, on the main thread: most of the task in which a page's modules are evaluated (45-65 ms of
// 100-130 at 1x CPU in profiles, four times that on a phone). A script whose first line is the magic comment has
// every function compiled as it streams in, on a background thread (Chromium 136+; other engines ignore the comment).
// Only the chunks of the pages' entries are marked: a chunk loaded later (a lazy part, an SDK) is compiled on demand,
// as V8 advises for code that may never run.
//
// Next writes each script's integrity (its SHA-256) into the server's manifest and into every pre-rendered page; the
// new hashes replace the old ones there. `node scripts/lib/compile-hints.mjs [distDir]` runs it on a finished build
// (apps/web's `npm run build` and scripts/lib/web-build.mjs do). It is idempotent, and a run that was stopped half-way
// is completed by the next one; its record is written last.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
/** Written last: a build without it has not finished this step (scripts/lib/web-build.mjs then runs it). */
export const COMPILE_HINTS_RECORD = "compile-hints.json";

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../apps/web");

/**
 * Every file under `dir` whose path passes `keep` (Node's own recursive listing).
 * @param {string} dir @param {(file: string) => boolean} keep @returns {string[]}
 */
const filesUnder = (dir, keep) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(keep);

/** @param {Buffer | string} body */
const integrityOf = (body) => `sha256-${createHash("sha256").update(body).digest("base64")}`;

/**
 * The chunks every page runs at start, relative to the build ("static/chunks/….js"): Next's root scripts and each
 * route's entry scripts (its layouts, page, error and not-found boundaries), from the client reference manifests.
 * @param {string} dist
 */
export function entryChunks(dist) {
  const buildManifest = JSON.parse(readFileSync(path.join(dist, "build-manifest.json"), "utf8"));
  const chunks = new Set(/** @type {string[]} */ (buildManifest.rootMainFiles));
  for (const file of filesUnder(path.join(dist, "server/app"), (f) => f.endsWith("_client-reference-manifest.js"))) {
    // The manifest is a script that assigns globalThis.__RSC_MANIFEST[route]; its JSON is the assigned value.
    const source = readFileSync(file, "utf8");
    const json = source.slice(source.indexOf("=", source.indexOf("__RSC_MANIFEST[")) + 1).replace(/;\s*$/, "");
    const manifest = /** @type {{ entryJSFiles?: Record<string, string[]> }} */ (JSON.parse(json));
    for (const list of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of list) chunks.add(chunk);
  }
  return [...chunks].filter((chunk) => chunk.endsWith(".js")).sort();
}

/**
 * Marks the entry chunks of the build in `dist` and rewrites the integrity hashes that name them.
 * @param {string} dist the build's folder
 * @returns {{ marked: string[], replaced: number }} the chunks marked now, and how many files had a hash rewritten
 */
export function addCompileHints(dist) {
  /** @type {Map<string, string>} old integrity → new */
  const renamed = new Map();
  const marked = [];
  for (const chunk of entryChunks(dist)) {
    const file = path.join(dist, chunk);
    const current = readFileSync(file, "utf8");
    // A chunk marked by an earlier run still has its hashes rewritten: that run may have stopped before it did.
    const body = current.startsWith(COMPILE_HINT) ? current.slice(COMPILE_HINT.length) : current;
    const hinted = COMPILE_HINT + body;
    renamed.set(integrityOf(body), integrityOf(hinted));
    if (current === hinted) continue;
    writeFileSync(file, hinted);
    marked.push(chunk);
    // A source map (BROWSER_SOURCE_MAPS=1 builds) starts one line lower: an empty first line in its mappings.
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(body)?.[1];
    const mapFile = mapName ? path.join(path.dirname(file), mapName) : "";
    if (mapFile && existsSync(mapFile)) {
      const mapBody = readFileSync(mapFile, "utf8");
      const map = JSON.parse(mapBody);
      if (typeof map.mappings === "string") map.mappings = `;${map.mappings}`;
      if (Array.isArray(map.sections)) for (const section of map.sections) section.offset.line += 1;
      const shifted = JSON.stringify(map);
      writeFileSync(mapFile, shifted);
      renamed.set(integrityOf(mapBody), integrityOf(shifted));
    }
  }
  let replaced = 0;
  if (renamed.size > 0) {
    const pattern = new RegExp([...renamed.keys()].map((hash) => hash.replace(/[+/=]/g, "\\$&")).join("|"), "g");
    const textFile = (/** @type {string} */ f) => /\.(html|json|js|rsc|meta|txt|body)$/.test(f);
    for (const file of filesUnder(path.join(dist, "server"), textFile)) {
      const text = readFileSync(file, "utf8");
      if (!text.includes("sha256-")) continue;
      const rewritten = text.replace(pattern, (hash) => /** @type {string} */ (renamed.get(hash)));
      if (rewritten !== text) {
        writeFileSync(file, rewritten);
        replaced++;
      }
    }
  }
  const record = path.join(dist, COMPILE_HINTS_RECORD);
  const before = existsSync(record) ? JSON.parse(readFileSync(record, "utf8")).marked : [];
  writeFileSync(record, JSON.stringify({ marked: [...new Set([...before, ...marked])].sort() }, null, 2));
  return { marked, replaced };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(WEB_DIR, process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next");
  const { marked, replaced } = addCompileHints(dist);
  console.log(`[compile-hints] ${marked.length} entry chunks marked, integrity rewritten in ${replaced} files`);
}
