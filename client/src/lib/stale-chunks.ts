// A tab opened before a new version was published asks for code files (hashed names) that the
// new version no longer has. Reloading gets the new version's page and files; it is done at most
// once per minute and tab, so a file that is missing for another reason cannot make it loop.

const RELOADED_AT_KEY = 'tonieshelf:reloadedForNewVersionAt';
const MIN_INTERVAL_MS = 60_000;

/** Reloads the page unless this tab already did so in the last minute; whether it reloads. */
export function reloadOnceForNewVersion(): boolean {
  // Offline, a reload would only show the browser's own error page: the page says what happened.
  if (!window.navigator.onLine) return false;
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Whether an error is a code file (a chunk) that could not be loaded: gone with a new version, or the network failed. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|importing a module script|Failed to fetch/i.test(message);
}
