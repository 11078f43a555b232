// The one analytics module of the client (SPEC §1, PRODUCT.md): page views on every route change
// and a few named click events. The default sink does nothing and no third-party script is
// loaded; a deployment that wants analytics plugs a sink in with setAnalyticsSink().

export type AnalyticsProps = Record<string, string | number | boolean | null>;

export type AnalyticsEvent = { type: 'page_view'; path: string } | { type: 'event'; name: string; props: AnalyticsProps };

type AnalyticsSink = (event: AnalyticsEvent) => void;

const noopSink: AnalyticsSink = () => {};

let sink: AnalyticsSink = noopSink;

/** Replaces the sink (null restores the default that does nothing); returns the previous one. */
export function setAnalyticsSink(next: AnalyticsSink | null): AnalyticsSink {
  const previous = sink;
  sink = next ?? noopSink;
  return previous;
}

function send(event: AnalyticsEvent): void {
  try {
    sink(event);
  } catch {
    // Analytics must never break the page.
  }
}

/** A page view; `path` is the pathname plus search, e.g. '/catalog?search=frozen'. */
export function trackPageView(path: string): void {
  send({ type: 'page_view', path });
}

/** A named event, e.g. trackEvent('faq_external_link', { link: 'report_bug' }). */
export function trackEvent(name: string, props: AnalyticsProps = {}): void {
  send({ type: 'event', name, props });
}
