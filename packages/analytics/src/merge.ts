import type { AnalyticsPlugin } from "./pipeline";
import type { AnalyticsEvent, Ext } from "./types";

const extList = (ext: AnalyticsEvent["event_tracking_ext"]): Ext[] =>
  ext === undefined ? [] : Array.isArray(ext) ? ext : [ext];

/**
 * requirements.md §5: events flagged `merge` that share a tracking id become one event (the first one, in its place) whose
 * `event_tracking_ext` lists every merged event's ext. Other events pass unchanged, in order.
 */
export function mergeEvents(events: readonly AnalyticsEvent[]): AnalyticsEvent[] {
  const out: AnalyticsEvent[] = [];
  const merged = new Map<string, AnalyticsEvent>();
  for (const event of events) {
    if (!event.merge) {
      out.push(event);
      continue;
    }
    const first = merged.get(event.event_tracking_id);
    if (first) {
      (first.event_tracking_ext as Ext[]).push(...extList(event.event_tracking_ext));
      continue;
    }
    const head: AnalyticsEvent = { ...event, event_tracking_ext: extList(event.event_tracking_ext).slice() };
    merged.set(event.event_tracking_id, head);
    out.push(head);
  }
  return out;
}

export const mergePlugin: AnalyticsPlugin = {
  name: "merge",
  onBatch: (events) => mergeEvents(events),
};
