/** Pluggable analytics: the app reports page views; a sink decides where they go. */
export interface PageViewEvent {
  type: 'page_view';
  path: string;
  timestamp: number;
}

export type AnalyticsEvent = PageViewEvent;
export type AnalyticsSink = (event: AnalyticsEvent) => void;

/** Default sink: a debug line in development, nothing in production or tests. */
export const defaultAnalyticsSink: AnalyticsSink = (event) => {
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    console.debug('[analytics]', event.type, event.path);
  }
};

let sink: AnalyticsSink = defaultAnalyticsSink;

/** Replaces the sink; `null` restores the default. Returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink | null): AnalyticsSink {
  const previous = sink;
  sink = next ?? defaultAnalyticsSink;
  return previous;
}

export function reportPageView(path: string): void {
  try {
    sink({ type: 'page_view', path, timestamp: Date.now() });
  } catch {
    // An analytics failure must never break navigation.
  }
}
