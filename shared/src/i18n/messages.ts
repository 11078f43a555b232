// Server and validation messages in the user's language. The English texts (SPEC.md's, word for
// word) stay where they are (the *_MESSAGES catalogues of shared/src/schemas and the server);
// each has a code, and German has a text for each code. translateMessage looks an English
// message up by its text, so a message works wherever it was produced (server, shared schema
// validated in the browser) without threading codes through every call.
// (Filled in by the server-messages work of issue 12.)
import type { Language } from '../languages';

/** The message in `language`: the German text for a known English message, else as it is. */
export function translateMessage(message: string, language: Language): string {
  void language;
  return message;
}
