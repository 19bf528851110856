/**
 * The deepest JSON nesting any caller of ours accepts. Parsing deeper text is harmless to V8, but every later
 * recursive walk (JSON.stringify, schema checks, logging) would overflow the stack: such input is refused first.
 */
export const MAX_JSON_DEPTH = 64;

/** The message of a refusal for nesting, prefixed by where the JSON came from (e.g. "body: nested too deeply"). */
export const NESTED_TOO_DEEPLY = "nested too deeply";

/**
 * Whether JSON `text` opens more than `maxDepth` arrays or objects inside each other. One pass over the text, no
 * recursion and no parsing: brackets inside strings (escapes included) do not count. Malformed text is left to the
 * parser; this only answers the depth question.
 */
export function jsonNestingExceeds(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
