import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics';

/** On every route change: one page view (SPEC §1), and a new page starts at the top. */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    const path = `${pathname}${search}`;
    // React's StrictMode runs effects twice in development; count a page once.
    if (lastTracked.current === path) return;
    lastTracked.current = path;
    trackPageView(path);
  }, [pathname, search]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
