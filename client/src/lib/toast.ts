// toast({ title, message, variant }): the one way the client raises a notification (SPEC §2
// 'Notifications', §8). One toast is visible at a time; a new one replaces the current one so the
// latest news is never stuck behind an older message. Placement, limit (1), auto-close (5000 ms)
// and width (420px) are set on <Notifications> in app/toast-viewport.tsx.
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

export type ToastVariant = 'default' | 'destructive' | 'warning' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  message: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; false keeps it until closed. Default 5000. */
  autoClose?: number | false;
}

const VARIANTS: Record<ToastVariant, { color: string | undefined; icon: typeof IconCheck }> = {
  default: { color: undefined, icon: IconInfoCircle },
  destructive: { color: 'red', icon: IconX },
  warning: { color: 'yellow', icon: IconAlertTriangle },
  success: { color: 'teal', icon: IconCheck },
};

/** Shows a toast and returns its id. */
export function toast({ title, message, variant = 'default', autoClose }: ToastOptions): string {
  const { color, icon } = VARIANTS[variant];
  notifications.clean();
  return notifications.show({
    title,
    message,
    color,
    icon: createElement(icon, { size: 18, stroke: 2, 'aria-hidden': true }),
    withCloseButton: true,
    withBorder: true,
    autoClose,
    'data-variant': variant,
  });
}
