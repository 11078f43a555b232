import { Component, useEffect, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AlertProps } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/stale-chunks';
import { dismissToniePreview } from '../lib/tonie-preview';

interface Props {
  children: ReactNode;
  /** Shown instead of the part when it failed: nothing by default, or the part's plain stand-in. */
  fallback?: ReactNode;
  /**
   * A part the visitor asked for (a page, the mobile menu): when its code file is missing (a new
   * version was published), reload once to get the new version.
   */
  reloadForNewVersion?: boolean;
  /** Told when the part failed (e.g. to close what was opening, or to try again later). */
  onError?: (error: unknown) => void;
}

interface State {
  failed: boolean;
}

/**
 * Around a part whose code is loaded lazily (React.lazy: a page, a form, a menu, a dropdown): if
 * its code cannot be loaded (a tab of an old version, a flaky network) or it cannot render, the
 * part gives way to `fallback` instead of the error reaching the root, where React would unmount
 * the whole app. (React catches render errors only in a class component.)
 */
export class LoadBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (this.props.reloadForNewVersion && isChunkLoadError(error)) reloadOnceForNewVersion();
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
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
