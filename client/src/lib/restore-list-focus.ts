// The second half of useKeepFocusInList: where focus goes once the focused item left the list.
// Loaded when it is needed, not with the page.
import { focusIfLost, focusIfLostOnceEnabled } from './focus-lost';

const FOCUSABLE = 'a[href], button, input, [tabindex]:not([tabindex="-1"])';

/** Where focus was: the control, its item's place in the list, and its counterpart's selector. */
export interface FocusedItem {
  index: number;
  control: string | null;
}

/** A heading on screen (not one for screen readers only). */
function visibleHeading(root: HTMLElement): HTMLElement | null {
  return [...root.querySelectorAll<HTMLElement>('h2, h3')].find((h) => h.offsetWidth > 1) ?? null;
}

/**
 * Focus on the same control of the item now in `at`'s place (the one before when the last left),
 * else on the list's visible heading (its empty state), else the list itself.
 */
export function restoreListFocus(list: HTMLElement, items: string, at: FocusedItem): void {
  const all = list.querySelectorAll<HTMLElement>(items);
  const item = all[Math.min(at.index, all.length - 1)];
  const target = (at.control ? item?.querySelector<HTMLElement>(at.control) : null) ?? item?.querySelector<HTMLElement>(FOCUSABLE) ?? visibleHeading(list);
  if (target) {
    if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // (A toggle is disabled while the states of the Tonies now shown load.)
    focusIfLostOnceEnabled(target);
  } else {
    if (!list.hasAttribute('tabindex')) list.setAttribute('tabindex', '-1');
    focusIfLost(list);
  }
}
