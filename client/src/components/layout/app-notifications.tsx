import { useMemo } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_MAX_WIDTH } from '@tonieshelf/shared/constants';
import { useLayoutTexts } from './layout-texts';

/**
 * SPEC §2/§9: one toast at a time, 5 s, top on small screens, bottom right from 'sm' up. Every
 * toast's close button is named in the interface language (Mantine leaves it unnamed).
 */
export function AppNotifications() {
  const large = useMediaQuery('(min-width: 48em)');
  const texts = useLayoutTexts();
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': texts.closeNotification } } } } }),
    [texts.closeNotification],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications
        limit={TOAST_LIMIT}
        autoClose={TOAST_DURATION_MS}
        position={large ? 'bottom-right' : 'top-center'}
        containerWidth={TOAST_MAX_WIDTH}
        zIndex={400}
      />
    </MantineThemeProvider>
  );
}
