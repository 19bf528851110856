import { PAGE_TRACKING_ID } from "./constants";
import { pageNameOf } from "./page-names";
import type { EventType, PageStatus, TrackFields } from "./types";
import type { DocumentLike, LocationLike } from "./world";

interface CurrentPageOptions {
  sessionId: string;
  location: LocationLike;
  document: DocumentLike;
  track: (type: EventType, fields: TrackFields) => string | null;
  /** Between a `pagehide` and the next `pageshow`. */
  leaving: () => boolean;
  flushByBeacon: () => void;
}

interface CurrentPage {
  /** The current page view's id; events tracked before the first `show` share one id of their own. */
  uniqueId(): string;
  /** `Analytics.trackPage`. */
  trackPage(status: PageStatus): string | null;
}

/** The page view being shown: its id (`page_unique_id`), and its `show` and `hide` events. */
export function createCurrentPage(options: CurrentPageOptions): CurrentPage {
  const { sessionId, location, document, track } = options;
  let pageCount = 0;
  let page: { id: string; url: string; title: string; path: string; shown: boolean } | null = null;
  const newPageId = (): string => `${sessionId}:p${(pageCount += 1)}`;
  let loosePageId: string | null = null;

  return {
    uniqueId: () => page?.id ?? (loosePageId ??= newPageId()),
    trackPage(status) {
      if (status === "show") {
        const url = location.href;
        if (!page || page.url !== url)
          page = { id: newPageId(), url, title: document.title, path: pageNameOf(location.pathname), shown: false };
        page.shown = true;
        page.title = document.title;
        return track("page", {
          page_status: "show",
          track_type: "auto",
          event_tracking: "page",
          event_tracking_id: PAGE_TRACKING_ID,
        });
      }
      if (!page?.shown) return null;
      page.shown = false;
      const id = track("page", {
        page_status: "hide",
        track_type: "auto",
        event_tracking: "page",
        event_tracking_id: PAGE_TRACKING_ID,
        url: page.url,
        title: page.title,
        curr_page: page.path,
      });
      if (options.leaving() || document.visibilityState === "hidden") options.flushByBeacon();
      return id;
    },
  };
}
