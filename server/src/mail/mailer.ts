// Mail leaves through one Mailer. With SMTP_URL set it goes to that SMTP server; without it (a
// self-hosted install with no mail server) each message is written as an .eml file under
// DATA_DIR/mail, with one log line saying where, so the links in it can still be opened.
// nodemailer builds the MIME for both; tests use the files driver or the in-memory one.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import type { Log } from '../log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'files' | 'memory';
  /** Resolves once the message is handed over (SMTP) or written (files); throws an Error when it could not be. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Keeps what it is given, for tests. */
export interface MemoryMailer extends Mailer {
  readonly kind: 'memory';
  readonly messages: MailMessage[];
  /** When set, `send` throws this (a mail server that is down) and keeps nothing. */
  failWith: Error | null;
}

/**
 * How long the SMTP driver waits to connect, for the greeting and for any answer: a mail server
 * that is down or hangs fails the send within seconds instead of holding a request for minutes.
 */
const SMTP_TIMEOUT_MS = 10_000;

/** Where the files driver writes: DATA_DIR/mail. */
export function mailDir(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Log): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom, log);
  return createFilesMailer(mailDir(config.dataDir), config.mailFrom, log);
}

export function createMemoryMailer(): MemoryMailer {
  const mailer: MemoryMailer = {
    kind: 'memory',
    messages: [],
    failWith: null,
    async send(message) {
      if (mailer.failWith) throw mailer.failWith;
      mailer.messages.push({ ...message });
    },
    async close() {},
  };
  return mailer;
}

function sendFailed(to: string, err: unknown): Error {
  const reason = err instanceof Error ? err.message : String(err);
  return new Error(`Mail to ${to} could not be sent: ${reason}`, { cause: err });
}

function createSmtpMailer(url: string, from: string, log: Log): Mailer {
  // Settings in the URL's query (e.g. ?tls.rejectUnauthorized=false) take precedence over these.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      try {
        const info = await transport.sendMail({ from, to, subject, text, html });
        log.info({ to, messageId: info.messageId }, 'Mail sent');
      } catch (err) {
        throw sendFailed(to, err);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * A file name that sorts by time and is unique: 2026-11-23T12-00-00-123Z-<random>.eml. Within one
 * process the time stamp only grows, so messages sent in the same millisecond keep their order.
 */
let lastStamp = 0;
function mailFileName(): string {
  const stamp = Math.max(Date.now(), lastStamp + 1);
  lastStamp = stamp;
  return `${new Date(stamp).toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
}

function createFilesMailer(dir: string, from: string, log: Log): Mailer {
  // Builds the raw message as it would travel (CRLF line ends), without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'files',
    async send({ to, subject, text, html }) {
      let file: string | undefined;
      let tmp: string | undefined;
      try {
        const info = await transport.sendMail({ from, to, subject, text, html });
        // A message's links act for its recipient (a password reset): only the app's own user may read them.
        await mkdir(dir, { recursive: true, mode: 0o700 });
        const name = mailFileName();
        file = path.join(dir, name);
        // Written beside its final name, then renamed: a reader never sees half a message.
        tmp = path.join(dir, `.${name}.tmp`);
        await writeFile(tmp, info.message as Buffer, { mode: 0o600, flag: 'wx' });
        await rename(tmp, file);
      } catch (err) {
        if (tmp) await rm(tmp, { force: true }).catch(() => {});
        throw sendFailed(to, err);
      }
      log.info({ to, file }, `Mail written to ${file} (no SMTP_URL set)`);
    },
    async close() {
      transport.close();
    },
  };
}
