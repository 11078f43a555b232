// After a form is refused (by its own checks or by the server), focus goes to the first field
// with a message, so a keyboard or screen-reader user lands on what to fix and hears its error
// (Mantine ties the message to its input with aria-invalid and aria-describedby).

interface FormWithNodes {
  getInputNode: (path: string) => HTMLElement | null;
}

/** Focuses the field, among those with an error, that comes first in the page. */
export function focusFirstError(form: FormWithNodes, errors: Record<string, unknown>): void {
  const nodes = Object.entries(errors)
    .filter(([, message]) => Boolean(message))
    .map(([path]) => form.getInputNode(path))
    .filter((node): node is HTMLElement => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  nodes[0]?.focus();
}
