import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from './analytics';
import { setAnalyticsSink, trackEvent, trackPageView } from './analytics';

afterEach(() => {
  setAnalyticsSink(null);
});

describe('analytics', () => {
  it('default sink: tracking does nothing and does not throw', () => {
    expect(() => {
      trackPageView('/faq');
      trackEvent('faq_external_link', { link: 'report_bug' });
    }).not.toThrow();
  });

  it('a plugged-in sink receives page views and events in order', () => {
    const seen: AnalyticsEvent[] = [];
    setAnalyticsSink((event) => seen.push(event));
    trackPageView('/catalog?search=frozen');
    trackEvent('faq_external_link', { link: 'share_feedback' });
    expect(seen).toEqual([
      { type: 'page_view', path: '/catalog?search=frozen' },
      { type: 'event', name: 'faq_external_link', props: { link: 'share_feedback' } },
    ]);
  });

  it('a throwing sink never breaks the caller', () => {
    setAnalyticsSink(() => {
      throw new Error('sink down');
    });
    expect(() => trackPageView('/')).not.toThrow();
  });

  it('setAnalyticsSink(null) restores the silent default and returns the previous sink', () => {
    const seen: AnalyticsEvent[] = [];
    const mine = (event: AnalyticsEvent) => {
      seen.push(event);
    };
    setAnalyticsSink(mine);
    expect(setAnalyticsSink(null)).toBe(mine);
    trackPageView('/faq');
    expect(seen).toEqual([]);
  });
});
