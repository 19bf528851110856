import type { AnalyticsEvent, TrackInput } from "./types";

export interface PluginContext {
  now(): number;
  warn(message: string): void;
}

/**
 * One step of the pipeline (validate → enrich → merge → batch → send), with typed lifecycle hooks:
 * - `onTrack` before enrichment (return null to drop the event),
 * - `onEvent` after enrichment (return null to drop it),
 * - `onBatch` on the events of a batch before it is sealed for upload (e.g. merging).
 */
export interface AnalyticsPlugin {
  readonly name: string;
  onTrack?(input: TrackInput, context: PluginContext): TrackInput | null;
  onEvent?(event: AnalyticsEvent, context: PluginContext): AnalyticsEvent | null;
  onBatch?(events: AnalyticsEvent[], context: PluginContext): AnalyticsEvent[];
}

interface Pipeline {
  track(input: TrackInput): TrackInput | null;
  event(event: AnalyticsEvent): AnalyticsEvent | null;
  batch(events: AnalyticsEvent[]): AnalyticsEvent[];
}

/** Runs the plugins' hooks in order; hooks absent from a plugin are skipped at build time, not per event. */
export function createPipeline(plugins: readonly AnalyticsPlugin[], context: PluginContext): Pipeline {
  const trackHooks = plugins.flatMap((p) => (p.onTrack ? [p.onTrack.bind(p)] : []));
  const eventHooks = plugins.flatMap((p) => (p.onEvent ? [p.onEvent.bind(p)] : []));
  const batchHooks = plugins.flatMap((p) => (p.onBatch ? [p.onBatch.bind(p)] : []));
  return {
    track(input) {
      let current: TrackInput | null = input;
      for (const hook of trackHooks) {
        current = hook(current, context);
        if (current === null) return null;
      }
      return current;
    },
    event(event) {
      let current: AnalyticsEvent | null = event;
      for (const hook of eventHooks) {
        current = hook(current, context);
        if (current === null) return null;
      }
      return current;
    },
    batch(events) {
      let current = events;
      for (const hook of batchHooks) current = hook(current, context);
      return current;
    },
  };
}
