import type { Analytics } from "./create-analytics";
import { browserGlobal, type DocumentLike, type EventTargetLike } from "./world";

type HistoryMethod = (data: unknown, unused: string, url?: string | URL | null) => void;

export interface HistoryLike {
  pushState: HistoryMethod;
  replaceState: HistoryMethod;
}

interface TrackPageViewsOptions {
  analytics: Pick<Analytics, "trackPage">;
  history?: HistoryLike;
  location?: { href: string };
  document?: DocumentLike;
  /** Where `popstate` and `pagehide` fire (the window). */
  window?: EventTargetLike;
}

/**
 * Page tracking (requirements.md §4): `show` now and after every URL change (pushState / replaceState / popstate, as
 * client-side routers navigate) preceded by the `hide` of the page left; `hide` when the tab is hidden or the page
 * is left; `show` again when it is visible. Returns a function that undoes it all.
 */
export function trackPageViews(options: TrackPageViewsOptions): () => void {
  const { analytics } = options;
  const history = options.history ?? browserGlobal<HistoryLike>("history");
  const location = options.location ?? browserGlobal<{ href: string }>("location");
  const document = options.document ?? browserGlobal<DocumentLike>("document");
  const win = options.window ?? browserGlobal<EventTargetLike>("window");
  if (!location) return () => undefined;

  let lastUrl = location.href;
  const onUrlMaybeChanged = (): void => {
    const url = location.href;
    if (url === lastUrl) return;
    lastUrl = url;
    analytics.trackPage("hide");
    analytics.trackPage("show");
  };

  const originals = history ? { pushState: history.pushState, replaceState: history.replaceState } : null;
  if (history && originals) {
    history.pushState = function pushState(this: unknown, ...args: Parameters<HistoryMethod>) {
      originals.pushState.apply(this === undefined ? history : this, args);
      onUrlMaybeChanged();
    };
    history.replaceState = function replaceState(this: unknown, ...args: Parameters<HistoryMethod>) {
      originals.replaceState.apply(this === undefined ? history : this, args);
      onUrlMaybeChanged();
    };
  }

  const onVisibility = (): void => {
    if (document?.visibilityState === "hidden") analytics.trackPage("hide");
    else if (document?.visibilityState === "visible") analytics.trackPage("show");
  };
  const onPageHide = (): void => void analytics.trackPage("hide");
  const onPageShow = (): void => void analytics.trackPage("show");

  document?.addEventListener("visibilitychange", onVisibility);
  win?.addEventListener("popstate", onUrlMaybeChanged);
  win?.addEventListener("pagehide", onPageHide);
  win?.addEventListener("pageshow", onPageShow);
  if (document?.visibilityState !== "hidden") analytics.trackPage("show");

  return () => {
    if (history && originals) {
      history.pushState = originals.pushState;
      history.replaceState = originals.replaceState;
    }
    document?.removeEventListener("visibilitychange", onVisibility);
    win?.removeEventListener("popstate", onUrlMaybeChanged);
    win?.removeEventListener("pagehide", onPageHide);
    win?.removeEventListener("pageshow", onPageShow);
  };
}
