// A list whose items can leave it while one of them has focus (a Tonie taken off the shelf being
// shown, a row deleted): the browser drops focus to the page. This puts it on the same control of
// the item that took the place (the one before when the last left), else on the list's visible
// heading (its empty state), else the list itself (lib/restore-list-focus.ts, loaded when needed).
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { focusIsLost } from './focus-is-lost';
import type { FocusedItem } from './restore-list-focus';

interface KeepFocusOptions {
  /** The items, e.g. 'article[data-tonie-id]'. */
  items: string;
  /** The selector of the focused control's counterpart in another item (e.g. '[data-shelf="own"]'), or null. */
  control?: (focused: HTMLElement) => string | null;
}

function useKeepFocusInList(container: RefObject<HTMLElement | null>, { items, control }: KeepFocusOptions): void {
  const last = useRef<(FocusedItem & { element: HTMLElement }) | null>(null);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const root = container.current;
      const element = event.target as HTMLElement;
      if (!root?.contains(element)) return;
      const item = element.closest(items);
      last.current = item ? { element, index: [...root.querySelectorAll(items)].indexOf(item), control: control?.(element) ?? null } : null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [container, items, control]);
  // After every render: was the focused control's item just removed?
  useLayoutEffect(() => {
    const at = last.current;
    const list = container.current;
    if (!at || !list || at.element.isConnected || !focusIsLost()) return;
    last.current = null;
    void import('./restore-list-focus').then(({ restoreListFocus }) => restoreListFocus(list, items, at));
  });
}

/** The same as a component that renders nothing, so a page can load it lazily (React.lazy). */
export function KeepFocusInList({ container, ...options }: KeepFocusOptions & { container: RefObject<HTMLElement | null> }): null {
  useKeepFocusInList(container, options);
  return null;
}
