import type { HTMLAttributes } from "react";

/**
 * Data attributes of a table row (antd Table's `onRow`), so tests and styles can find a row by what it shows
 * (`tr[data-email=…]`, `tr[data-code=…]`). antd types the answer as element attributes, which name no `data-*`.
 */
export const rowAttributes = (attributes: Readonly<Record<`data-${string}`, string>>): HTMLAttributes<HTMLElement> => ({
  ...attributes,
});
