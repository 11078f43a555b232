// After a route change the visitor made: focus on the new page's h1 (else its main) and its title
// announced. Loaded with the first interaction (app/route-effects.tsx), not with the first page.
import { announce } from '../lib/announce';

/** How long a new page's heading is waited for (its code and data may still be on their way). */
const HEADING_WAIT_MS = 10_000;

/** Focus is where the new page or a dialog put it (not on the page itself, nor left in the header or footer). */
function placedByPage(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return (main.contains(active) && active !== main) || active.closest('[role="dialog"]') !== null;
}

/** A route focus asked for and not yet done: a redirect that follows carries it on. */
let pending = false;

/**
 * After a route change: focusNewPage, except after a redirect (replace) that carries no route
 * change on while focus is somewhere (`active`, where it was when the route changed): the visitor
 * has moved it meanwhile. A redirect moves focus when the page that had it is gone (signed in).
 */
export function followRoute(replace: boolean, active: Element | null): (() => void) | null {
  if (replace && !pending && active !== null && active !== document.body) return null;
  return focusNewPage();
}

/**
 * After a route change: focus on the new page's h1 (else its main), and its title announced, once
 * the page shows it; unless the page or a dialog has placed focus by then. Returns the cleanup
 * (a next route change takes over; `pending` stays as it is for it).
 */
function focusNewPage(): () => void {
  const main = document.getElementById('main-content');
  if (!main) return () => undefined;
  let frame = 0;
  pending = true;
  const tryFocus = (giveUp = false): boolean => {
    if (placedByPage(main)) {
      pending = false;
      return true;
    }
    const heading = main.querySelector<HTMLElement>('h1') ?? (giveUp ? main : null);
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    pending = false;
    // The page sets its title in an effect of the same render: read it a frame later.
    frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => announce(document.title))));
    return true;
  };
  // Not before two frames: a menu or drawer that led here returns focus to its button as it closes.
  let started = false;
  frame = requestAnimationFrame(
    () =>
      (frame = requestAnimationFrame(() => {
        started = true;
        if (tryFocus()) stop();
      })),
  );
  const observer = new MutationObserver(() => {
    if (started && tryFocus()) stop();
  });
  const timer = window.setTimeout(() => {
    tryFocus(true);
    stop();
  }, HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}
