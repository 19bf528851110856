"use client";
import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** Set once the page's first hydration has run its effects: a component mounted after that was never in the HTML. */
let pageHydrated = false;
const isPageHydrated = () => pageHydrated;
const whileHydrating = () => false;

/**
 * False in the server's HTML and while React hydrates it, true from a render right after (issue 37). A control that
 * would do nothing when tapped before then (its handler is not attached yet) renders disabled until this is true, so
 * it never looks ready while it is not; it becomes ready without a reload.
 *
 * The flip is a transition (issue 36's TBT). A store that changes after hydration (useSyncExternalStore's snapshot
 * going from false to true) makes React re-render every user of it at once, synchronously, in the task that runs the
 * hydrated page's effects: 30-40 ms at 1x CPU in profiles, a long task of about 150 ms on a phone at 4x. A transition
 * is rendered in slices that yield to the browser. The store is still what tells a hydrating component from one that
 * mounts later (React reads the server's value while it hydrates): a component that mounts after the page hydrated
 * (a client-side navigation, a sheet that opens) is ready at its first render.
 */
export function useHydrated(): boolean {
  const readyAtMount = useSyncExternalStore(noSubscription, isPageHydrated, whileHydrating);
  const [hydrated, setHydrated] = useState(readyAtMount);
  useEffect(() => {
    if (hydrated) return;
    // After this round of effects, not during it: React compares each hydrated user's snapshot in the same round, and
    // one that read `true` there would be re-rendered synchronously after all.
    queueMicrotask(() => {
      pageHydrated = true;
    });
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** The props of a control that is not ready until hydrated: disabled, and marked for its "not ready" look (globals.css). */
export const notReadyProps = (hydrated: boolean): { disabled: boolean; "data-hydrating"?: "" } =>
  hydrated ? { disabled: false } : { disabled: true, "data-hydrating": "" };
