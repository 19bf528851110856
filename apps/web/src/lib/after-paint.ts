import { markupAttribute } from "./served-html";

/**
 * Next's chunk scripts of a pre-rendered page are requested after its first contentful paint (issue 20). The page's
 * content is in its HTML (architecture.md "Decisions"), so nothing the first paint shows needs them; requested with the
 * HTML, as Next's `async` scripts and preloads are, they share a phone's slow connection with the style sheets and the
 * images and run before the first paint on a fast one (which Lighthouse then counts into the page's LCP). The proxy
 * serves the page without them and with one inline loader at the end of <body>, which adds them once the browser
 * reports the first contentful paint (or after LOADER_FALLBACK_MS, e.g. in a tab opened in the background, which does
 * not paint). The scripts keep their SRI hash; 'strict-dynamic' trusts what the nonced loader adds. They are added in
 * one go, each `src` exactly as Next writes it: Turbopack's runtime looks its chunks up in the DOM by that text (and
 * waits forever for one it does not find), so none is loaded twice.
 */

/** A chunk script as Next writes it into pre-rendered HTML: `async`, with or without its SRI hash; not `noModule`. */
const ASYNC_CHUNK_SCRIPT = /<script src="([^"]+)"((?:\s+(?:async|integrity)="[^"]*")+)\s*><\/script>/g;
/** Next's preload of a script (the bootstrap chunk has one): `<link rel="preload" as="script" … href="…"/>`. */
const SCRIPT_PRELOAD = /<link rel="preload" as="script"([^>]*?)\/>/g;
export const LOADER_FALLBACK_MS = 1_000;
/** Turbopack's runtime chunk, as Next names it in the build (`static/chunks/turbopack-<hash>.js`). */
const TURBOPACK_RUNTIME = /\/turbopack-[^/]*\.js$/;

/**
 * The loader's code, called with the chunks as [src, integrity] pairs: adds them once, after the first contentful
 * paint, each in a task of its own, in the list's order. Inserting a script starts its request there and then: the 15
 * or so of a page in one go made one task of 60-250 ms under a phone's CPU (Lighthouse), counted whole into the
 * blocking time. Turbopack's runtime comes last in the list (`scriptsAfterFirstPaint`), so every other chunk is in
 * the DOM before the runtime looks for it.
 */
export const AFTER_PAINT_LOADER = `(chunks)=>{let done=false;const add=(src,integrity)=>{const script=document.createElement("script");script.src=src;if(integrity)script.setAttribute("integrity",integrity);script.async=true;document.head.appendChild(script)};const run=()=>{if(done)return;done=true;for(const[src,integrity]of chunks)setTimeout(()=>add(src,integrity))};if(typeof PerformanceObserver!=="undefined"&&(PerformanceObserver.supportedEntryTypes||[]).includes("paint")){new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();run()}}).observe({type:"paint",buffered:true})}else{requestAnimationFrame(()=>setTimeout(run))}setTimeout(run,${LOADER_FALLBACK_MS})}`;

/**
 * AFTER_PAINT=off (read by the server at run time): pages are served with Next's chunk scripts as Next wrote them,
 * requested with the HTML. For comparing what the loader buys (issue 37: `npm run bench` measures LCP and TBT both
 * ways in one run); production leaves it unset.
 */
export const afterPaintEnabled = (env: Record<string, string | undefined> = process.env): boolean =>
  env.AFTER_PAINT?.trim().toLowerCase() !== "off";

/**
 * The page with its async chunk scripts (and Next's preloads of them) taken out and added by the loader after the first
 * contentful paint. A page without async chunk scripts is left as it is.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const chunks: [src: string, integrity: string | null][] = [];
  let page = html.replace(ASYNC_CHUNK_SCRIPT, (tag: string, src: string, attributes: string) => {
    if (markupAttribute(attributes, "async") === undefined) return tag;
    chunks.push([src, markupAttribute(attributes, "integrity") ?? null]);
    return "";
  });
  if (chunks.length === 0) return html;
  // The runtime last: it looks its chunks up in the DOM, and loads one it does not find a second time, without SRI.
  chunks.sort(([a], [b]) => Number(TURBOPACK_RUNTIME.test(a)) - Number(TURBOPACK_RUNTIME.test(b)));
  const sources = new Set(chunks.map(([src]) => src));
  page = page.replace(SCRIPT_PRELOAD, (tag: string, attributes: string) =>
    sources.has(markupAttribute(attributes, "href") ?? "") ? "" : tag,
  );
  const list = JSON.stringify(chunks).replace(/</g, "\\u003c");
  return page.replace(/<\/body>/, `<script>(${AFTER_PAINT_LOADER})(${list})</script></body>`);
}

/** The loader of a served page and its list, as scriptsAfterFirstPaint writes them. */
const LOADER_CALL = /<script\b[^>]*>\(\(chunks\)=>[^<]*\}\)\((\[\[[^<]*\]\])\)<\/script>/;

/**
 * The chunks the loader of a served page adds, as [src, integrity] pairs: part of the page's first load all the same
 * (the bench counts them; the tests check their SRI hashes).
 */
export function chunksAfterPaint(html: string): [src: string, integrity: string | null][] {
  const list = LOADER_CALL.exec(html)?.[1];
  return list === undefined ? [] : (JSON.parse(list) as [string, string | null][]);
}
