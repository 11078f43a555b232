// Server and validation messages in the user's language. The English texts (SPEC.md's, word for
// word) stay where they are (the *_MESSAGES catalogues of shared/src/schemas and the server);
// each has a code, and German has a text for each code (catalogue.ts). translateMessage looks an
// English message up by its text, so a message works wherever it was produced (server, shared
// schema validated in the browser) without threading codes through every call. Messages with
// variable parts (sizes, waits, dates, parameter names) are matched by their English template.
import type { Language } from '../languages';
import { MESSAGE_CATALOGUE } from './catalogue';
import type { MessageEntry, MessageParams } from './message-format';

export type { MessageEntry, MessageParams } from './message-format';

/** What a placeholder of an English template matches. */
const PLACEHOLDER_PATTERNS: Record<string, string> = {
  any: '(.*?)',
  number: '(\\d[\\d,.]*)',
  word: '([A-Za-z][\\w.]*)',
};

const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;

interface Template {
  entry: MessageEntry;
  pattern: RegExp;
  names: string[];
  /** Characters of fixed text: the more, the more specific (tried first). */
  fixed: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The placeholder names of an English template, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

function compile(entry: MessageEntry): Template {
  const names: string[] = [];
  let source = '';
  let fixed = 0;
  let last = 0;
  for (const m of entry.en.matchAll(PLACEHOLDER)) {
    const literal = entry.en.slice(last, m.index);
    source += escapeRegExp(literal);
    fixed += literal.length;
    const kind = m[2] ?? 'any';
    const pattern = PLACEHOLDER_PATTERNS[kind];
    if (!pattern) throw new Error(`message ${entry.code}: unknown placeholder kind '${kind}'`);
    source += pattern;
    names.push(m[1]!);
    last = m.index + m[0].length;
  }
  const rest = entry.en.slice(last);
  source += escapeRegExp(rest);
  fixed += rest.length;
  return { entry, pattern: new RegExp(`^${source}$`, 's'), names, fixed };
}

let index: { exact: Map<string, MessageEntry>; templates: Template[]; byCode: Map<string, MessageEntry> } | null = null;

/** Built on first use: exact English texts in a map, templates most specific first. */
function catalogueIndex() {
  if (index) return index;
  const exact = new Map<string, MessageEntry>();
  const templates: Template[] = [];
  const byCode = new Map<string, MessageEntry>();
  for (const entry of MESSAGE_CATALOGUE) {
    byCode.set(entry.code, entry);
    if (placeholdersOf(entry.en).length > 0) templates.push(compile(entry));
    // The first entry of a text wins (the same English in two objects reads the same).
    else if (!exact.has(entry.en)) exact.set(entry.en, entry);
  }
  templates.sort((a, b) => b.fixed - a.fixed);
  index = { exact, templates, byCode };
  return index;
}

/** The catalogue's entry of an English message and the parts its template matched; null when unknown. */
export function findMessage(message: string): { entry: MessageEntry; params: MessageParams } | null {
  const { exact, templates } = catalogueIndex();
  const entry = exact.get(message);
  if (entry) return { entry, params: {} };
  for (const t of templates) {
    const m = t.pattern.exec(message);
    if (m) return { entry: t.entry, params: Object.fromEntries(t.names.map((name, i) => [name, m[i + 1] ?? ''])) };
  }
  return null;
}

/** The entry of a code ('auth.invalidCredentials'), or undefined. */
export function messageByCode(code: string): MessageEntry | undefined {
  return catalogueIndex().byCode.get(code);
}

/** The stable code of an English message ('auth.invalidCredentials'), or null when it is not in the catalogue. */
export function messageCodeOf(message: string): string | null {
  return findMessage(message)?.entry.code ?? null;
}

/** An entry's German with the matched parts filled in. */
export function germanOf(entry: MessageEntry, params: MessageParams): string {
  if (typeof entry.de === 'function') return entry.de(params);
  return entry.de.replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole);
}

/** The message in `language` and its code: the German text for a known English message, else as it is. */
export function localizeMessage(message: string, language: Language): { message: string; code: string | null } {
  const found = findMessage(message);
  if (!found) return { message, code: null };
  return { message: language === 'de' ? germanOf(found.entry, found.params) : message, code: found.entry.code };
}

/** The message in `language`: the German text for a known English message, else as it is. */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  return localizeMessage(message, language).message;
}
