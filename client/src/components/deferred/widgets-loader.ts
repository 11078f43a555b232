// The first page's dropdown widgets (Mantine's Select, MultiSelect, Menu, Popover, Tooltip and
// the header's quick search) come in a chunk of their own, fetched a moment after the page has
// shown, or at once when a visitor reaches for one. Until then each shows a stand-in
// that looks the same and remembers what the visitor did (deferred-widgets.tsx). They and the
// floating-ui they sit on are ~45 kB of gzipped JavaScript that the first render does not need.
import { startTransition, useEffect, useState } from 'react';
import { useShellTexts } from '../../i18n/shell-texts';
import { usePreloadAfter } from '../../lib/preload';
import { isChunkLoadError, reloadOnceForNewVersion } from '../../lib/stale-chunks';
import { toast } from '../../lib/toast';

type Widgets = typeof import('./widgets');

const loadWidgets = () => import('./widgets');

let widgets: Widgets | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * How long after the first render the chunk waits, so that it does not compete with the page's
 * own work (its list, the pictures: the largest paint) for the network and the main thread.
 */
const WARM_UP_DELAY_MS = 2000;

/** A visitor pressed a stand-in while the chunk was on its way (a failure then says so). */
let pressedWhilePending = false;

/** Fetches the widgets' chunk (once; again after a failure); resolves when it is in or has failed. */
export function requestWidgets(): Promise<void> {
  if (widgets) return Promise.resolve();
  if (pending) return pending;
  pending = loadWidgets().then(
    (module) => {
      widgets = module;
      pressedWhilePending = false;
      for (const listener of [...listeners]) listener();
    },
    (error: unknown) => {
      pending = null;
      lastReach = null;
      if (!pressedWhilePending) return;
      pressedWhilePending = false;
      // A chunk of an older version that is gone: reload once for the new one (as a page that
      // cannot load does). Otherwise, or if that was done a moment ago, say what happened.
      if (isChunkLoadError(error) && reloadOnceForNewVersion()) return;
      const texts = useShellTexts.get().shell;
      toast({ title: texts.controlLoadFailedTitle, message: texts.pageLoadFailedMessage, variant: 'destructive' });
    },
  );
  return pending;
}

/**
 * The stand-in a visitor reached for last (pressed, focused or typed into) and when: only its
 * widget opens or takes the focus when the chunk arrives, and only if that was a moment ago, so
 * a widget does not open by itself after the visitor has moved on.
 */
let lastReach: { id: string; at: number } | null = null;
const REACH_KEPT_MS = 10_000;

/** A visitor reached for stand-in `id`: fetch the chunk at once. `press`: a press, not a focus. */
export function reachWidget(id: string, press: boolean): void {
  lastReach = { id, at: Date.now() };
  if (press) pressedWhilePending = true;
  void requestWidgets();
}

/** The stand-in reached for last, if that was a moment ago. */
function recentReach(): { id: string } | null {
  return lastReach !== null && Date.now() - lastReach.at < REACH_KEPT_MS ? lastReach : null;
}

/** Whether stand-in `id` is the one reached for last, a moment ago (its widget then opens or takes the focus). */
export function isLastReached(id: string): boolean {
  return recentReach()?.id === id;
}

/** Stand-in `id` lost the focus: what the visitor did to it no longer counts. */
export function forgetReach(id: string): void {
  if (lastReach?.id === id) lastReach = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The widgets once loaded, else null (the caller shows its stand-in); fetches them a moment after
 * mounting. When they arrive the page swaps its stand-ins in a transition: React renders them in
 * slices between the browser's other work instead of one long task (a phone took ~300 ms for the
 * catalogue's), unless a visitor is waiting for one (reached for it a moment ago): then at once.
 */
export function useWidgets(): Widgets | null {
  const [loaded, setLoaded] = useState(widgets);
  useEffect(() => {
    const update = () => {
      if (recentReach()) setLoaded(widgets);
      else startTransition(() => setLoaded(widgets));
    };
    // They may have arrived between the render and this effect.
    if (widgets) update();
    return subscribe(update);
  }, []);
  usePreloadAfter(requestWidgets, WARM_UP_DELAY_MS);
  return loaded;
}
