import { ANALYTICS_LOG_ENV_PATTERN, ANALYTICS_TRACKING_ID_PATTERN } from "@affiliates/contracts";
import type { AnalyticsPlugin } from "./pipeline";

/** requirements.md §5: "/" or "b" followed by digits. */
export const isValidTrackingId = (id: unknown): id is string =>
  typeof id === "string" && ANALYTICS_TRACKING_ID_PATTERN.test(id);

/** requirements.md §5: `pre`, `online`, or ending in `test` plus 1–2 digits. */
export const isValidLogEnv = (env: unknown): env is string =>
  typeof env === "string" && ANALYTICS_LOG_ENV_PATTERN.test(env);

/** The validate step: an event whose tracking id is invalid is dropped with a console warning. */
export const validatePlugin: AnalyticsPlugin = {
  name: "validate",
  onTrack(input, context) {
    const id = input.fields.event_tracking_id;
    if (isValidTrackingId(id)) return input;
    context.warn(
      `[analytics] dropped a "${input.type}" event: event_tracking_id ${JSON.stringify(id)} is not "/" or "b" followed by digits`,
    );
    return null;
  },
};
