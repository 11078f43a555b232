// After a moderator's decision the entry acted on usually leaves its list (the queue shows open
// reports, the contests open contests), and the button that asked for the decision with it: focus
// goes to the entry still there, else the one that took its place (the one before it when it was
// the last), else the list's empty state; a screen reader reads the entry's name.
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { focusIfLost } from '../../lib/focus-lost';

interface Decided {
  key: string;
  index: number;
  /** When the list was last read as the decision was taken. */
  readAt: number;
}

/**
 * The entries of a panel's list: `article[data-entry-key]`; its empty state: `[data-empty-state] h2`.
 * `readAt` and `reading`: when the list was last read (a query's dataUpdatedAt) and whether it is being read again.
 */
export function useFocusAfterDecision(panel: RefObject<HTMLElement | null>, readAt: number, reading: boolean) {
  const acted = useRef<{ key: string; index: number } | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  useEffect(() => {
    if (!decided || reading || readAt === decided.readAt || !panel.current) return;
    setDecided(null);
    const entries = [...panel.current.querySelectorAll<HTMLElement>('article[data-entry-key]')];
    const target =
      entries.find((entry) => entry.dataset.entryKey === decided.key) ??
      entries[Math.min(decided.index, entries.length - 1)] ??
      panel.current.querySelector<HTMLElement>('[data-empty-state] h2');
    if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    focusIfLost(target);
  }, [decided, readAt, reading]);
  return {
    /** An entry's action was chosen (its statement of reasons is asked for). */
    actedOn: (key: string, index: number) => {
      acted.current = { key, index };
    },
    /** The decision was taken: focus moves once the list has been read again. */
    onDone: () => setDecided(acted.current ? { ...acted.current, readAt } : null),
  };
}
