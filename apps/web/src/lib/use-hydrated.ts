"use client";
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the render right after (issue 37). A control that
 * would do nothing when tapped before then (its handler is not attached yet) renders disabled until this is true, so
 * it never looks ready while it is not; it becomes ready without a reload.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The props of a control that is not ready until hydrated: disabled, and marked for its "not ready" look (globals.css). */
export const notReadyProps = (hydrated: boolean): { disabled: boolean; "data-hydrating"?: "" } =>
  hydrated ? { disabled: false } : { disabled: true, "data-hydrating": "" };
