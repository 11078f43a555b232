// The first page's dropdown widgets (Mantine's Select, MultiSelect, Menu, Popover, Tooltip and
// the header's quick search) come in a chunk of their own, fetched once the page has shown and the
// browser is idle, or at once when a visitor reaches for one. Until then each shows a stand-in
// that looks the same and remembers what the visitor did (deferred-widgets.tsx). They and the
// floating-ui they sit on are ~46 kB of gzipped JavaScript that the first render does not need.
import { useEffect, useSyncExternalStore } from 'react';
import { isChunkLoadError, reloadOnceForNewVersion } from '../../lib/stale-chunks';

type Widgets = typeof import('./widgets');

const loadWidgets = () => import('./widgets');

let widgets: Widgets | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * How long after the first render the chunk waits, so that it does not compete with the page's
 * own work (its list, the pictures: the largest paint) for the network and the main thread; and
 * how long after that the browser may stay busy before the chunk is fetched anyway.
 */
const WARM_UP_DELAY_MS = 2000;
const IDLE_TIMEOUT_MS = 1000;

/**
 * Fetches the widgets' chunk (once). `asked`: a visitor reached for a widget, so a chunk of an
 * older version that is gone makes the tab reload once for the new one (as a page that cannot
 * load does). A failure leaves the stand-ins; the next reach tries again.
 */
export function requestWidgets(asked = false): void {
  if (widgets) return;
  pending ??= loadWidgets().then(
    (module) => {
      widgets = module;
      for (const listener of [...listeners]) listener();
    },
    (error: unknown) => {
      pending = null;
      if (asked && isChunkLoadError(error)) reloadOnceForNewVersion();
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => widgets;

let scheduled = false;

/** Fetches the chunk when the browser is idle a while after the first render (once per page load). */
function scheduleWhenIdle(): void {
  if (scheduled || widgets) return;
  scheduled = true;
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => requestWidgets(), { timeout: IDLE_TIMEOUT_MS });
    else requestWidgets();
  }, WARM_UP_DELAY_MS);
}

/** The widgets once loaded, else null (the caller shows its stand-in); asks for them when idle. */
export function useWidgets(): Widgets | null {
  const loaded = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (!loaded) scheduleWhenIdle();
  }, [loaded]);
  return loaded;
}
