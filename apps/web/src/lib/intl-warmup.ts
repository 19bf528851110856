/**
 * The first number or date formatter a page creates costs 40-70 ms of its main thread in Chromium (V8 builds its table
 * of available locales and ICU loads the language's data), over 160 ms under Lighthouse's 4x CPU; the bare Next.js
 * page pays none of it, and ours paid it during hydration, as one long task (issue 20). Both caches belong to the
 * renderer process, not to a thread: a worker that formats once in the page's language while the page's scripts are
 * still on their way leaves them ready, and the page's first formatter then takes under a millisecond. The worker is a
 * blob (no request on the way to the first paint; the policy's worker-src allows blob:) and ends itself. Where workers
 * or blobs are missing, the page formats as before.
 */
export const INTL_WARMUP = `(()=>{try{const lang=document.documentElement.lang||undefined;const code="const lang="+JSON.stringify(lang)+";try{Intl.NumberFormat.supportedLocalesOf(lang||[]);new Intl.NumberFormat(lang).format(1.5);new Intl.NumberFormat(lang,{notation:'compact'}).format(1500);new Intl.DateTimeFormat(lang).format(0);new Intl.PluralRules(lang).select(1)}catch(error){}close()";new Worker(URL.createObjectURL(new Blob([code],{type:"text/javascript"})))}catch(error){}})()`;

/** The page with the warm-up as an inline script at the end of its <body> (nonced like every inline script). */
export function withIntlWarmup(html: string): string {
  return html.replace(/<\/body>/, `<script>${INTL_WARMUP}</script></body>`);
}
