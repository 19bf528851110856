"use client";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * A component loaded in its own chunk and rendered in the browser only (next/dynamic's `ssr: false`), with `fallback`
 * in the server's HTML, while React hydrates and while the chunk loads. React's own `lazy` and `Suspense` do it
 * without next/dynamic's loader (about 0.9 KB gzip on every public page that used it: issue 36's JS).
 */
export function clientLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: () => ReactNode = () => null,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  const Fallback = fallback;
  function ClientLazy(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return <Fallback />;
    return (
      <Suspense fallback={<Fallback />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return ClientLazy;
}

/**
 * A component loaded in its own chunk only where it renders, on the server too (nothing in the HTML until it loads in
 * the browser: React's `lazy` and `Suspense`). What a page imports is downloaded with it, rendered or not; this keeps
 * a rarely rendered part (a view from the API when the server had no offer) off every visit (issue 36's JS).
 */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyChunk(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyChunk;
}
