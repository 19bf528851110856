// The core config alone (the shared global config of every zod copy), not the whole `z` namespace in the first load.
import { config } from "zod/v4/core";

/**
 * Zod compiles object parsers with `new Function` when it can, and finds out by trying once: under the pages' CSP
 * (no 'unsafe-eval', lib/csp.ts) that try is blocked and reported as a violation. Interpreting is fast enough for
 * the payloads the browser checks, so the browser never tries (loaded first, by instrumentation-client.ts).
 */
config({ jitless: true });
