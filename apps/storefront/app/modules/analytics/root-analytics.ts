import type { ConsentChoices } from "./consent";
import type { AnalyticsEvent } from "./events";
import type { AnalyticsTag } from "./tag";

/** The root loader's analytics part (`root-analytics.server.ts`). */
export interface RootAnalytics {
  /** The choices that count; null while the shopper has not chosen for the current version. */
  consent: ConsentChoices | null;
  tag: AnalyticsTag | null;
  /** Events of the form post that led here, to push once. */
  events: PendingEvent[];
}

/** An event a form post left for the next page (`pending-events.server.ts`), with its own id. */
export interface PendingEvent {
  id: string;
  event: AnalyticsEvent;
}
