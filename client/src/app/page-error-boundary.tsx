import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AlertProps } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { dismissToniePreview } from '../lib/tonie-preview';
import { LazyPartBoundary } from './lazy-part-boundary';

/**
 * Catches a page that cannot render, above all one whose code cannot be loaded: after a new
 * version is published, a tab of the old one asks for files that no longer exist. A missing chunk
 * reloads the tab once by itself (the new version's files are there); otherwise the page area
 * says so and offers a reload instead of the whole app going blank; the header and footer stay.
 * The layout keys it by the address, so going elsewhere tries again. The same boundary as the
 * shell's lazy parts, with the page's message as its stand-in.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <LazyPartBoundary fallback={<PageLoadFailed />} reloadForNewVersion>
      {children}
    </LazyPartBoundary>
  );
}

function PageLoadFailed() {
  const texts = useShellTexts();
  return <LoadFailed title={texts.shell.pageLoadFailedTitle} maw={560} mx="auto" my="xl" />;
}

/**
 * In the place of a part whose code cannot be loaded (a page, a form): what happened and a
 * reload, which is what helps (a browser keeps a failed module fetch, so asking again does not).
 */
export function LoadFailed({ title, ...props }: { title: string; 'data-testid'?: string } & Omit<AlertProps, 'title' | 'children'>) {
  const texts = useShellTexts();
  // Nothing will replace the server's preview of a shared Tonie now: it must not hide this.
  useEffect(() => dismissToniePreview(), []);
  return (
    <Alert role="alert" color="red" title={title} {...props}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{texts.shell.pageLoadFailedMessage}</Text>
        <Button onClick={() => window.location.reload()}>{texts.shell.reloadPage}</Button>
      </Stack>
    </Alert>
  );
}
