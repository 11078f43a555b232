// Fetching a lazy part's code before its first use, so that use does not wait: when the pointer
// nears it, a moment after the page has shown, or at once when it will surely be needed.
import { useEffect } from 'react';

/**
 * Starts `load` (the part's dynamic import). A failure is ignored here: when the part is used,
 * its own lazy() asks again (a browser may answer from its record of the failed fetch) and its
 * error boundary answers.
 */
export function preload(load: () => Promise<unknown>): void {
  void load().catch(() => undefined);
}

/** Preloads `load` `delayMs` after the component mounted (after the page has shown), unless it unmounts first. */
export function usePreloadAfter(load: () => Promise<unknown>, delayMs: number): void {
  useEffect(() => {
    const timer = window.setTimeout(() => preload(load), delayMs);
    return () => window.clearTimeout(timer);
  }, [load, delayMs]);
}
