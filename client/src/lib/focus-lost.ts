// Where focus goes after an action took away the element that had it: a busy button is disabled
// while it works, a removed row leaves the page, and the browser drops focus to the page itself,
// where a keyboard or screen-reader user starts over from the top. These put it back, unless the
// visitor has moved it on meanwhile.

import { focusIsLost } from './focus-is-lost';

/** Focuses `target` when focus has fallen to the page; `true` when it did. */
export function focusIfLost(target: HTMLElement | null | undefined): boolean {
  if (!target || !focusIsLost()) return false;
  target.focus();
  return document.activeElement === target;
}

/** How long a disabled target is waited for (its data still loading) before giving up. */
const ENABLED_WAIT_MS = 5000;

/**
 * focusIfLost, and when `target` is still disabled (e.g. waiting for data), once it is enabled:
 * unless focus has been placed meanwhile.
 */
export function focusIfLostOnceEnabled(target: HTMLElement): void {
  if (!target.matches(':disabled')) {
    focusIfLost(target);
    return;
  }
  const observer = new MutationObserver(() => {
    if (!target.isConnected || !focusIsLost()) stop();
    else if (!target.matches(':disabled')) {
      stop();
      focusIfLost(target);
    }
  });
  const timer = window.setTimeout(() => observer.disconnect(), ENABLED_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
}

/** How often focusIfLostWithin looks again. */
const WATCH_MS = 50;

/**
 * focusIfLost now and again whenever focus falls to the page within `ms`: a dialog still closing
 * when the change came (a confirmation) gives focus back to the element that opened it, which
 * may be gone by then.
 */
export function focusIfLostWithin(target: HTMLElement, ms: number): void {
  focusIfLost(target);
  const until = performance.now() + ms;
  const timer = window.setInterval(() => {
    if (!target.isConnected || performance.now() > until) window.clearInterval(timer);
    else focusIfLost(target);
  }, WATCH_MS);
}
