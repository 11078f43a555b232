// A part of a page whose code comes when it is first shown (a form most visitors never open):
// its stand-in while the code loads, and, if the code cannot be loaded (the connection dropped,
// or a new version replaced it), an alert in its place with 'Try again' (a fresh import: React
// keeps a failed lazy component failed) and 'Reload the page'. The page around it stays.
import { lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { LazyPartBoundary } from './layout/lazy-part-boundary';

interface LazyPartOptions {
  /** Shown while the code loads. */
  loading: ReactNode;
  /** The alert's title when the code cannot be loaded ('The form could not be loaded'). */
  failedTitle: string;
}

/** The component `load` gives, loaded when first rendered; its props plus `loading` and `failedTitle`. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const make = () => lazy(async () => ({ default: await load() }));
  return function LazyPart({ loading, failedTitle, ...props }: P & LazyPartOptions) {
    const shell = useShellTexts().shell;
    const [Part, setPart] = useState(make);
    const [attempt, setAttempt] = useState(0);
    const failed = (
      <Alert color="red" variant="light" role="alert" title={failedTitle} data-testid="lazy-part-failed">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{shell.pageLoadFailedMessage}</Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => {
                setPart(make);
                setAttempt((n) => n + 1);
              }}
            >
              {shell.tryAgain}
            </Button>
            <Button size="xs" variant="default" onClick={() => window.location.reload()}>
              {shell.reloadPage}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
    return (
      <LazyPartBoundary key={attempt} fallback={failed}>
        <Suspense fallback={loading}>
          <Part {...(props as unknown as P)} />
        </Suspense>
      </LazyPartBoundary>
    );
  };
}
