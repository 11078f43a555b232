// Whether focus has fallen to the page: apart from lib/focus-lost.ts, so a list's first load
// carries only this test (lib/use-keep-focus-in-list.ts).

/** Focus has fallen to the page itself (nothing, or the body, has it), or sits on a disabled button that keys do not reach. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || (active instanceof HTMLButtonElement && active.disabled);
}
