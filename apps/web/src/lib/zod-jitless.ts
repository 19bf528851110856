// The core config alone (the shared global config of every zod copy), not the whole `z` namespace.
import { config } from "zod/v4/core";

/**
 * Zod compiles object parsers with `new Function` when it can, and finds out by trying once: under the pages' CSP
 * (no 'unsafe-eval', lib/csp.ts) that try is blocked and reported as a violation. Interpreting is fast enough for
 * the payloads the browser checks, so the browser never tries. Imported by the forms' rules (form-rules.ts), the
 * only place the browser checks with zod in production, so zod stays out of every page's first load.
 */
config({ jitless: true });
