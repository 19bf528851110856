const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const TRACE_ID_RANDOM_LENGTH = 11;

/** Trace id of requirements.md §3: "w", the millisecond timestamp, then 11 characters of [0-9a-z]. */
export function createTraceId(now: () => number = Date.now, random: () => number = Math.random): string {
  let suffix = "";
  for (let i = 0; i < TRACE_ID_RANDOM_LENGTH; i += 1) {
    const index = Math.min(ALPHABET.length - 1, Math.max(0, Math.floor(random() * ALPHABET.length)));
    suffix += ALPHABET.charAt(index);
  }
  return `w${Math.floor(now())}${suffix}`;
}
