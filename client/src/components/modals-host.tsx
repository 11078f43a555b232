import { Suspense, lazy, useEffect, useState } from 'react';
import { LoadBoundary } from './load-boundary';

// Mantine's ModalsProvider always renders a (closed) Modal, and with it the modal base, focus trap
// and scroll lock: code the first page does not need. Its only user is confirmAction
// (components/confirm.tsx), which opens its dialog through Mantine's window events. So the
// provider mounts on its own, with no children, once the browser is idle after the first render;
// a confirmation asked for before that waits until it listens (whenModalsReady).
// If its code cannot be loaded (after one retry), the waiting confirmations are given up (their
// `unavailable` runs: not confirmed) and the next one asked for tries to load it again.

let hostState: 'none' | 'loading' | 'ready' | 'failed' = 'none';

interface Waiting {
  open: () => void;
  unavailable?: () => void;
}
const waiting: Waiting[] = [];

/**
 * Runs `open` once the modals host listens; at once when it does, or when no host is rendered
 * (tests). If the host's code cannot be loaded, runs `unavailable` instead.
 */
export function whenModalsReady(open: () => void, unavailable?: () => void): void {
  if (hostState === 'failed') {
    hostState = 'loading';
    waiting.push({ open, unavailable });
    retryHost?.();
  } else if (hostState === 'loading') {
    waiting.push({ open, unavailable });
    mountSoon?.();
  } else open();
}

function markReady() {
  hostState = 'ready';
  for (const { open } of waiting.splice(0)) open();
}

function markFailed() {
  hostState = 'failed';
  for (const { unavailable } of waiting.splice(0)) unavailable?.();
}

/** Rendered after the provider: its effect runs after the provider's listeners are registered. */
function Ready() {
  useEffect(markReady, []);
  return null;
}

const loadProvider = async () => (await import('@mantine/modals')).ModalsProvider;

/** The provider, its code fetched on first render; a failed fetch is tried once more. */
const lazyProvider = () =>
  lazy(async () => {
    const ModalsProvider = await loadProvider().catch(loadProvider);
    return {
      default: function ModalsWithReady() {
        return (
          <>
            <ModalsProvider>{null}</ModalsProvider>
            <Ready />
          </>
        );
      },
    };
  });

let mountSoon: (() => void) | undefined;
let retryHost: (() => void) | undefined;

/** Mounts Mantine's ModalsProvider lazily (after the first render, when the browser is idle). */
export function ModalsHost() {
  const [mounted, setMounted] = useState(false);
  const [Provider, setProvider] = useState(lazyProvider);
  if (hostState === 'none') hostState = 'loading';
  useEffect(() => {
    mountSoon = () => setMounted(true);
    // A new attempt: a fresh lazy component (React keeps a failed one failed), mounted at once.
    retryHost = () => {
      setProvider(lazyProvider);
      setMounted(true);
    };
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) {
      const id = idle(() => setMounted(true), { timeout: 2000 });
      return () => (globalThis as { cancelIdleCallback?: (id: number) => void }).cancelIdleCallback?.(id);
    }
    const timer = setTimeout(() => setMounted(true), 200);
    return () => clearTimeout(timer);
  }, []);
  const failed = () => {
    setMounted(false);
    markFailed();
  };
  return mounted ? (
    <LoadBoundary onError={failed}>
      <Suspense fallback={null}>
        <Provider />
      </Suspense>
    </LoadBoundary>
  ) : null;
}
