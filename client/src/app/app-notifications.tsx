import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { notificationsStore } from '@mantine/notifications';

/**
 * The viewport sits outside every page's error boundary: should its code not load (a tab of an
 * older version after a deploy, a lost connection), toasts stay unseen rather than the whole app
 * failing.
 */
const ToastViewport = lazy(() =>
  import('./toast-viewport').then(
    (module): { default: () => ReactElement | null } => ({ default: module.ToastViewport }),
    () => ({ default: () => null }),
  ),
);

function hasToasts(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/**
 * Where toasts show (toast-viewport.tsx). Its code (Mantine's notifications and their
 * transitions) is no part of the first load: it is mounted when the first toast is asked for
 * (lib/toast.ts puts it in Mantine's store, where the viewport finds it), its code then.
 */
export function AppNotifications() {
  const [mounted, setMounted] = useState(hasToasts);
  useEffect(() => {
    if (mounted) return;
    if (hasToasts()) {
      setMounted(true);
      return;
    }
    const unsubscribe = notificationsStore.subscribe(() => {
      if (hasToasts()) setMounted(true);
    });
    return unsubscribe;
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
