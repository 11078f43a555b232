// After a form is refused (by its own checks or by the server), focus goes to the first field
// with a message, so a keyboard or screen-reader user lands on what to fix and hears its error
// (Mantine ties the message to its input with aria-invalid and aria-describedby).

interface FormWithNodes {
  getInputNode: (path: string) => HTMLElement | null;
}

/**
 * Focuses the field, among those with an error, that comes first in the page; with no field
 * error (a refusal shown as a toast), the `fallback` field, so focus does not fall to the page
 * while the submit button is busy.
 */
export function focusFirstError(form: FormWithNodes, errors: Record<string, unknown>, fallback?: string): void {
  const nodes = Object.entries(errors)
    .filter(([, message]) => Boolean(message))
    .map(([path]) => form.getInputNode(path))
    .filter((node): node is HTMLElement => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  (nodes[0] ?? (fallback ? form.getInputNode(fallback) : null))?.focus();
}

/**
 * For forms that keep their errors in their own state: after the render that shows them, focus
 * the first invalid field inside `root` (an input with aria-invalid, or the first radio of an
 * invalid radio group).
 */
export function focusFirstInvalidIn(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    root?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"], [role="radiogroup"][aria-invalid="true"] input')?.focus();
  });
}
