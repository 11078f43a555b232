import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForNewVersion } from '../lib/stale-chunks';

interface Props {
  children: ReactNode;
  /** Shown instead of the part when it failed: nothing by default, or the part's plain stand-in. */
  fallback?: ReactNode;
  /**
   * A part the visitor asked for (the mobile menu): when its code file is missing (a new version
   * was published), reload once to get the new version, as a page that cannot load does.
   */
  reloadForNewVersion?: boolean;
  /** Told when the part failed (e.g. to close what was opening, or to try again later). */
  onError?: (error: unknown) => void;
}

interface State {
  failed: boolean;
}

/**
 * Around a lazily loaded part of the shell outside the page (the mobile menu, the account menus,
 * the modals host): if its code cannot be loaded (a tab of an old version, a flaky network) or it
 * cannot render, the part gives way to `fallback` instead of the error reaching the root, where
 * React would unmount the whole app. PageErrorBoundary is this boundary around the page, with its
 * message as the stand-in. (React catches render errors only in a class component.)
 */
export class LazyPartBoundary extends Component<Props, State> {
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
