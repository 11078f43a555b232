import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import type { MantineThemeOverride } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';

/**
 * Names every dialog's, drawer's and toast's close button (the X Mantine leaves unnamed) 'Close'
 * in the interface language, once for the whole app: the app theme extended with the
 * components' default close button props. A component that passes its own closeButtonProps
 * (or renders its own CloseButton with a label) keeps its more specific name.
 */
export function CloseButtonLabels({ children }: { children: ReactNode }) {
  const { shell } = useShellTexts();
  const overrides = useMemo<MantineThemeOverride>(() => {
    const closeButtonProps = { 'aria-label': shell.close };
    return {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    };
  }, [shell.close]);
  return <MantineThemeProvider theme={overrides}>{children}</MantineThemeProvider>;
}
