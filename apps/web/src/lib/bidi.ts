import { createElement, type ReactNode } from "react";

/**
 * The rich-text tag of messages that embed numbers (`<num>{rate}</num>`): each number is isolated in a `<bdi>`, so
 * "45%" stays "45%" inside right-to-left text instead of turning into "%45". Use with `t.rich(key, { ...values, ...NUM_TAG })`.
 */
export const NUM_TAG = { num: (chunks: ReactNode) => createElement("bdi", null, chunks) } as const;

/** First-strong isolate around a number in plain text (canvas, aria-label): the same protection where no element can go. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
