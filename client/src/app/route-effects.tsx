import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { trackPageView } from '../lib/analytics';

// A route change the visitor made (not a redirect while the first page loads) moves focus; the
// code that does it loads with their first click or key press.
let interacted = false;
let focusCode: Promise<typeof import('./focus-new-page')> | null = null;
if (typeof window !== 'undefined') {
  const mark = () => {
    interacted = true;
    focusCode ??= import('./focus-new-page');
  };
  window.addEventListener('pointerdown', mark, { capture: true, once: true });
  window.addEventListener('keydown', mark, { capture: true, once: true });
}

/** On every route change: one page view (SPEC §1), a new page starts at the top, and focus and a screen reader follow it. */
export function RouteEffects() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const lastTracked = useRef<string | null>(null);
  const initial = useRef(true);

  useEffect(() => {
    const path = `${pathname}${search}`;
    // React's StrictMode runs effects twice in development; count a page once.
    if (lastTracked.current === path) return;
    lastTracked.current = path;
    trackPageView(path);
  }, [pathname, search]);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (initial.current) {
      initial.current = false;
      return;
    }
    if (!interacted || !focusCode) return;
    const active = document.activeElement;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void focusCode.then(({ followRoute }) => {
      if (!cancelled) stop = followRoute(navigationType === 'REPLACE', active);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pathname]);

  return null;
}
