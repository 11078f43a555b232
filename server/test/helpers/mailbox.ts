// Reading the mail the app wrote as .eml files (no SMTP_URL: DATA_DIR/mail), for server tests and
// the browser tests alike (no test-runner imports here). Each file is parsed with mailparser.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface ReceivedMail {
  /** The .eml file it was read from. */
  file: string;
  /** The recipients' addresses (lower case). */
  to: string[];
  /** The From header, e.g. `"TonieShelf" <no-reply@localhost>`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When the app wrote it (from the file name, to the millisecond; else the Date header). */
  date: Date;
}

const parsed = new Map<string, Promise<ReceivedMail>>();

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((a) => (a.address ?? '').toLowerCase())).filter(Boolean);
}

/** 2026-11-23T12-00-00-123Z-<random>.eml -> that moment. */
function fileTime(name: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

async function parseFile(file: string): Promise<ReceivedMail> {
  const mail = await simpleParser(await readFile(file));
  return {
    file,
    to: addresses(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    date: fileTime(path.basename(file)) ?? mail.date ?? new Date(0),
  };
}

/** Every message in `dir` (the mail directory, DATA_DIR/mail), oldest first; none when it does not exist. */
export async function readMailbox(dir: string): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  // Only finished messages: the app writes a hidden .tmp file first and renames it.
  const files = names.filter((n) => n.endsWith('.eml') && !n.startsWith('.')).sort();
  const mails = await Promise.all(
    files.map((name) => {
      const file = path.join(dir, name);
      let mail = parsed.get(file);
      if (!mail) {
        mail = parseFile(file);
        parsed.set(file, mail);
        mail.catch(() => parsed.delete(file));
      }
      return mail;
    }),
  );
  return mails.sort((a, b) => a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file));
}

interface MailQuery {
  /** The subject contains this text, or matches this pattern. */
  subject?: string | RegExp;
  /** Written at or after this moment (take it just before the action that sends the mail). */
  after?: Date;
  /** How long to wait for it; 10 s by default. */
  timeoutMs?: number;
}

/** The newest message to `address` that matches, waiting until one is written; throws when none comes in time. */
export async function latestMailTo(dir: string, address: string, { subject, after, timeoutMs = 10_000 }: MailQuery = {}): Promise<ReceivedMail> {
  const wanted = address.trim().toLowerCase();
  const matches = (m: ReceivedMail) =>
    m.to.includes(wanted) &&
    (after === undefined || m.date.getTime() >= after.getTime()) &&
    (subject === undefined || (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readMailbox(dir);
    const found = mails.filter(matches).at(-1);
    if (found) return found;
    if (Date.now() >= deadline) {
      const seen = mails.map((m) => `  ${m.date.toISOString()} to ${m.to.join(', ')}: ${m.subject}`).join('\n') || '  (none)';
      throw new Error(
        `No mail to ${address}${subject ? ` with subject ${String(subject)}` : ''}${after ? ` after ${after.toISOString()}` : ''} in ${dir} within ${timeoutMs} ms. Mail there:\n${seen}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const decodeHref = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The first absolute link in the message (plain text, then HTML) whose path starts with `pathPrefix`, e.g. '/auth/reset-password'. */
export function linkIn(message: Pick<ReceivedMail, 'text' | 'html'>, pathPrefix: string): string {
  const candidates = [...(message.text.match(/https?:\/\/[^\s<>"']+/g) ?? []), ...[...message.html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => decodeHref(m[1]!))];
  const link = candidates.find((c) => {
    try {
      return new URL(c).pathname.startsWith(pathPrefix);
    } catch {
      return false;
    }
  });
  if (!link) throw new Error(`No link to ${pathPrefix} in the message. Links there: ${candidates.join(' ') || '(none)'}`);
  return link;
}
