// announce(message): a polite message for screen readers about what an action did or where a
// route change led, spoken through the one live region the app shell keeps
// (app/live-announcer.tsx). Inside an open dialog it is not heard: browsers hide what lies outside
// an aria-modal dialog, so a dialog speaks through a status region of its own.

type Listener = (message: string) => void;

let listener: Listener | null = null;
/** A message sent before the region was there (the shell renders it with the first page). */
let waiting: string | null = null;

/** Speaks `message` once (the same message again is spoken again). */
export function announce(message: string): void {
  if (!message) return;
  if (listener) listener(message);
  else waiting = message;
}

/** The live region's side: receives every message from now on (and one that waited); returns the unsubscribe. */
export function onAnnouncement(next: Listener): () => void {
  listener = next;
  if (waiting !== null) {
    next(waiting);
    waiting = null;
  }
  return () => {
    if (listener === next) listener = null;
  };
}
