import { Fragment } from 'react';
import type { ReactNode } from 'react';

/**
 * A translated text with marked parts, e.g. 'See our <disclaimer>disclaimer</disclaimer>.': each
 * `<name>…</name>` is handed to `parts[name]` (a link, bold text), the rest stays plain text. So a
 * sentence with a link in it is one text per language, in that language's word order. A marker
 * without a renderer shows its words as plain text.
 */
export function richText(text: string, parts: Record<string, (children: string) => ReactNode> = {}): ReactNode {
  const out: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const [, name, children] = match;
    const render = parts[name!];
    out.push(<Fragment key={`${name}-${match.index}`}>{render ? render(children!) : children}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
