// The preview of a shared Tonie that the server writes into the page for /catalog?tonieId=…
// (server/src/http/tonie-preview.ts): the Tonie's name and picture, shown before the app has
// loaded. The app removes it once the details dialog stands in its place, and whenever the
// dialog will not come (the address changed, the page failed to load).

/** The dialog's opening transition (tonie-details-modal.tsx: 150 ms) and a little more: the preview stays over it until it is open. */
const OPENING_MS = 200;

/**
 * Removes the preview (at once, or after the dialog's opening transition) and lifts the `inert`
 * the server set on the app's root while the preview covered it.
 */
export function dismissToniePreview(afterOpening = false): void {
  const preview = document.getElementById('tonie-preview');
  if (!preview) return;
  document.getElementById('root')?.removeAttribute('inert');
  if (!afterOpening) {
    preview.remove();
    return;
  }
  preview.setAttribute('data-leaving', '');
  window.setTimeout(() => preview.remove(), OPENING_MS);
}
