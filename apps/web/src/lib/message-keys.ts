/**
 * Message keys that come from data (an API's value, or a catalogue sub-tree's own keys): the type check cannot know
 * them, so they are checked against the sub-tree of `useMessages()` they index, and then type as its keys. Literal
 * keys need none of this: a misspelt one fails the type check (global.d.ts).
 */

/** The keys of a catalogue sub-tree, typed as its keys. */
export const keysOf = <T extends object>(tree: T): Extract<keyof T, string>[] =>
  Object.keys(tree) as Extract<keyof T, string>[];

/** Whether a value names an entry of a catalogue sub-tree; it then types as one of its keys. */
export const isKeyOf = <T extends object>(tree: T, key: string | null | undefined): key is Extract<keyof T, string> =>
  typeof key === "string" && Object.hasOwn(tree, key);

/** next-intl's `t` where a key is computed (a business code's name, a CSV column) and looked up with `has` first. */
export interface DataTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * `t` taking computed keys, for the few places the type check cannot follow (a key built from a union of sub-trees,
 * or from codes in other packages); each such key is asked with `has` before it is used.
 */
export const asDataTranslator = (t: unknown): DataTranslator => t as DataTranslator;
