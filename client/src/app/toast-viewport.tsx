import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_MAX_WIDTH } from '@tonieshelf/shared/values/common';

/**
 * SPEC §2/§9: one toast at a time, 5 s, top on small screens, bottom right from 'sm' up. Each
 * toast's close button is named by CloseButtonLabels (close-button-labels.tsx) like every dialog's.
 * Loaded by AppNotifications (app-notifications.tsx) when it is first needed.
 */
export function ToastViewport() {
  const large = useMediaQuery('(min-width: 48em)');
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position={large ? 'bottom-right' : 'top-center'} containerWidth={TOAST_MAX_WIDTH} zIndex={400} />;
}
