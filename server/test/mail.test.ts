// The mail layer: the files driver (DATA_DIR/mail), the SMTP driver against a real SMTP server
// process on loopback, and the product's emails. No database, no real mail leaves the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quietLog, type Log } from '../src/deps';
import { createMailer, createMemoryMailer, mailDir, type MailMessage, type Mailer, type MemoryMailer } from '../src/mail/mailer';
import {
  accountDeletedMail,
  contestUpheldMail,
  decisionReversedMail,
  emailChangedNoticeMail,
  operatorReportNoticeMail,
  reportOutcomeMail,
  reportReceivedMail,
  statementOfReasonsMail,
  passwordChangedNoticeMail,
  passwordResetMail,
  reasonLabelIn,
  ruleTitleIn,
  siteLink,
  verifyAccountMail,
  verifyNewAddressMail,
} from '../src/mail/messages';
import { latestMailTo, linkIn, readMailbox, type ReceivedMail } from './helpers/mailbox';
import { SMTP_SINK_SCRIPT, type SinkDelivery } from './helpers/smtp-sink';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FROM = 'TonieShelf <no-reply@shelf.example>';

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-mail-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A log that keeps its info lines. */
function recordingLog(): Log & { lines: { obj: object; msg: string | undefined }[] } {
  const lines: { obj: object; msg: string | undefined }[] = [];
  return { ...quietLog, lines, info: (obj, msg) => lines.push({ obj, msg }) };
}

const sample = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'mia@example.com',
  subject: 'Reset your TonieShelf password',
  text: 'Hello Mia,\n\nOpen https://shelf.example/auth/reset-password?token=abc to go on.\n',
  html: '<p>Hello Mia,</p><p><a href="https://shelf.example/auth/reset-password?token=abc&amp;x=1">Reset</a></p>',
  ...overrides,
});

describe('files driver (no SMTP_URL)', () => {
  it('send -> one parseable .eml under DATA_DIR/mail with From, To, subject, text and HTML; one log line naming the file', async () => {
    const dataDir = tempDir();
    const log = recordingLog();
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, log);
    expect(mailer.kind).toBe('files');
    const message = sample();
    await mailer.send(message);

    const dir = mailDir(dataDir);
    expect(dir).toBe(path.join(dataDir, 'mail'));
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]+\.eml$/);
    const file = path.join(dir, names[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(await readFile(file));
    expect(parsed.from?.value).toEqual([{ name: 'TonieShelf', address: 'no-reply@shelf.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('mia@example.com');
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    expect(parsed.messageId).toMatch(/^<.+@.+>$/);

    expect(log.lines).toEqual([{ obj: { to: 'mia@example.com', file }, msg: `Mail written to ${file} (no SMTP_URL set)` }]);
    await mailer.close();
  });

  it('several sends -> unique names that sort in sending order; readMailbox gives them oldest first; no temporary files left', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, quietLog);
    for (let i = 1; i <= 5; i++) await mailer.send(sample({ subject: `Mail ${i}` }));
    const names = await readdir(mailDir(dataDir));
    expect(names).toHaveLength(5);
    expect(names.every((n) => n.endsWith('.eml') && !n.startsWith('.'))).toBe(true);
    const mails = await readMailbox(mailDir(dataDir));
    expect(mails.map((m) => m.subject)).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
    expect([...names].sort()).toEqual(mails.map((m) => path.basename(m.file)));
  });

  it('the mail directory cannot be made -> send rejects with an Error naming the recipient', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'mail'), 'not a directory');
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, quietLog);
    await expect(mailer.send(sample())).rejects.toThrow(/^Mail to mia@example.com could not be sent: /);
  });
});

describe('mailbox helper', () => {
  it('latestMailTo: waits for a matching message (address case-insensitive, subject, after) and gives the newest; linkIn finds the link', async () => {
    const dataDir = tempDir();
    const dir = mailDir(dataDir);
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, quietLog);
    await mailer.send(sample({ subject: 'Old one', text: 'https://shelf.example/auth/reset-password?token=old' }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = new Date();
    const waiting = latestMailTo(dir, 'MIA@example.com', { subject: 'Reset', after, timeoutMs: 5000 });
    setTimeout(() => {
      void mailer.send(sample({ to: 'someone.else@example.com' }));
      void mailer.send(sample());
    }, 300);
    const mail: ReceivedMail = await waiting;
    expect(mail.to).toEqual(['mia@example.com']);
    expect(mail.date.getTime()).toBeGreaterThanOrEqual(after.getTime());
    expect(linkIn(mail, '/auth/reset-password')).toBe('https://shelf.example/auth/reset-password?token=abc');
    expect(linkIn({ text: '', html: mail.html }, '/auth/reset-password')).toBe('https://shelf.example/auth/reset-password?token=abc&x=1');
    expect(() => linkIn(mail, '/auth/verify-email')).toThrow('No link to /auth/verify-email');
  });

  it('latestMailTo: nothing comes -> rejects after its timeout, listing the mail there', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, quietLog);
    await mailer.send(sample({ subject: 'Something else' }));
    await expect(latestMailTo(mailDir(dataDir), 'nobody@example.com', { timeoutMs: 300 })).rejects.toThrow(/No mail to nobody@example.com[\s\S]*Something else/);
    await expect(readMailbox(path.join(dataDir, 'missing'))).resolves.toEqual([]);
  });
});

describe('memory driver', () => {
  it('keeps what it is sent; failWith makes send throw and keep nothing', async () => {
    const mailer: MemoryMailer = createMemoryMailer();
    expect(mailer.kind).toBe('memory');
    await mailer.send(sample());
    expect(mailer.messages).toEqual([sample()]);
    mailer.failWith = new Error('mail server down');
    await expect(mailer.send(sample({ subject: 'x' }))).rejects.toThrow('mail server down');
    expect(mailer.messages).toHaveLength(1);
  });
});

/** The SMTP sink (helpers/smtp-sink.ts) as a child process of its own: its PID is the server's. */
interface Sink {
  child: ChildProcess;
  port: number;
  deliveries: SinkDelivery[];
  nextDelivery(): Promise<SinkDelivery>;
}

function startSink(outDir: string): Promise<Sink> {
  const child = spawn(process.execPath, ['--import', 'tsx', SMTP_SINK_SCRIPT, outDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const deliveries: SinkDelivery[] = [];
  const waiters: ((d: SinkDelivery) => void)[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`SMTP sink did not start: ${stderr}`)), 20_000);
    child.on('exit', (code) => reject(new Error(`SMTP sink exited (${code}): ${stderr}`)));
    let buffered = '';
    child.stdout!.on('data', (chunk) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, newline)) as { port: number } | SinkDelivery;
        buffered = buffered.slice(newline + 1);
        if ('port' in line) {
          clearTimeout(timer);
          resolve({
            child,
            port: line.port,
            deliveries,
            nextDelivery: () => new Promise((res) => (deliveries.length ? res(deliveries.shift()!) : waiters.push(res))),
          });
        } else {
          const waiter = waiters.shift();
          if (waiter) waiter(line);
          else deliveries.push(line);
        }
      }
    });
  });
}

/** A port nothing listens on (taken from the system, then let go). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('SMTP driver (a real SMTP server process on loopback)', () => {
  let sink: Sink;
  let mailer: Mailer;
  const log = recordingLog();

  beforeAll(async () => {
    sink = await startSink(tempDir());
    mailer = createMailer({ dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: FROM }, log);
  });
  afterAll(async () => {
    await mailer?.close();
    if (sink?.child.pid && sink.child.exitCode === null) process.kill(sink.child.pid, 'SIGTERM');
  });

  it('send -> the server receives the message: envelope and headers, subject, plain text and HTML', async () => {
    expect(mailer.kind).toBe('smtp');
    const message = passwordResetMail({ to: 'mia@example.com', username: 'mia', link: 'https://shelf.example/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz234567' });
    await mailer.send(message);
    const delivery = await sink.nextDelivery();
    expect(delivery.from).toBe('no-reply@shelf.example');
    expect(delivery.to).toEqual(['mia@example.com']);
    const parsed = await simpleParser(await readFile(delivery.file));
    expect(parsed.from?.value).toEqual([{ name: 'TonieShelf', address: 'no-reply@shelf.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('mia@example.com');
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text).toBe(message.text);
    expect(parsed.html).toBe(message.html);
    expect(linkIn({ text: parsed.text ?? '', html: '' }, '/auth/reset-password')).toBe('https://shelf.example/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz234567');
    expect(log.lines.at(-1)?.msg).toBe('Mail sent');
    expect(log.lines.at(-1)?.obj).toMatchObject({ to: 'mia@example.com' });
  });

  it('nothing listens on the port -> send rejects with an Error at once (no hang)', async () => {
    const port = await freePort();
    const dead = createMailer({ dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM }, quietLog);
    const started = Date.now();
    const err = await dead.send(sample()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^Mail to mia@example.com could not be sent: .*ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(5000);
    await dead.close();
  });

  describe('a server that accepts the connection but never answers', () => {
    let silent: net.Server;
    const sockets: net.Socket[] = [];
    afterEach(() => {
      for (const s of sockets) s.destroy();
    });
    afterAll(() => new Promise<void>((resolve) => silent?.close(() => resolve())));

    it('-> send rejects with an Error after about 10 s (not the minutes a default client waits)', async () => {
      silent = net.createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as net.AddressInfo;
      const hung = createMailer({ dataDir: tempDir(), smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM }, quietLog);
      const started = Date.now();
      await expect(hung.send(sample())).rejects.toThrow(/^Mail to mia@example.com could not be sent: /);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(9_000);
      expect(waited).toBeLessThan(15_000);
      await hung.close();
    }, 25_000);
  });
});

describe("the product's emails", () => {
  const link = 'https://shelf.example/auth/verify-email?token=abcdefghijklmnopqrstuvwxyz234567&next=%2Fme';
  const username = '<b>x</b>';
  const to = 'mia@example.com';
  const cases: [string, MailMessage, string[]][] = [
    ['verifyAccountMail', verifyAccountMail({ to, username, link }), ['Welcome to TonieShelf', '48 hours']],
    ['verifyNewAddressMail', verifyNewAddressMail({ to, username, link }), ['new email address', '48 hours']],
    ['passwordResetMail', passwordResetMail({ to, username, link }), ['choose a new password', '1 hour', 'If you did not ask for this, ignore this mail']],
    [
      'emailChangedNoticeMail',
      emailChangedNoticeMail({ to, username, newEmail: 'new<i>@example.com', resetLink: link }),
      ['was changed to', "If this wasn't you", 'reset your password'],
    ],
  ];

  it.each(cases)('%s: text and HTML carry the link, the product name and what it says; HTML escapes the username', (_name, mail, phrases) => {
    expect(mail.to).toBe(to);
    expect(mail.subject).toContain('TonieShelf');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('TonieShelf');
    expect(mail.text).toContain('Hello <b>x</b>,');
    expect(linkIn({ text: '', html: mail.html }, new URL(link).pathname)).toBe(link);
    expect(mail.html).toContain('TonieShelf');
    expect(mail.html).toContain('Hello &lt;b&gt;x&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).not.toContain('<i>');
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/'/g, '&#39;'));
    }
  });

  it('emailChangedNoticeMail: names the new address (escaped in HTML)', () => {
    const mail = emailChangedNoticeMail({ to, username: 'mia', newEmail: 'new<i>@example.com', resetLink: link });
    expect(mail.text).toContain('was changed to new<i>@example.com');
    expect(mail.html).toContain('was changed to new&lt;i&gt;@example.com');
  });

  it.each([
    ['passwordChangedNoticeMail', passwordChangedNoticeMail({ to, username }), ['password', 'was just changed', "If this wasn't you"]],
    ['accountDeletedMail', accountDeletedMail({ to, username }), ['account was deleted', 'thank you for sharing']],
  ])('%s: text and HTML with the product name; HTML escapes the username', (_name, mail, phrases) => {
    expect(mail.to).toBe(to);
    expect(mail.subject).toContain('TonieShelf');
    for (const body of [mail.text, mail.html]) expect(body).toContain('TonieShelf');
    expect(mail.text).toContain('Hello <b>x</b>,');
    expect(mail.html).toContain('Hello &lt;b&gt;x&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>x</b>');
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/'/g, '&#39;'));
    }
  });

  it('a mail written by the files driver -> its link reads back whole from the .eml (long lines encoded and decoded)', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: FROM }, quietLog);
    const resetLink = siteLink({ publicOrigin: 'https://shelf.example', port: 3000 }, '/auth/reset-password', { token: 'abcdefghijklmnopqrstuvwxyz234567' });
    await mailer.send(passwordResetMail({ to, username: 'Mia & Co', link: resetLink }));
    const mail = await latestMailTo(mailDir(dataDir), to, { subject: 'Reset your TonieShelf password', timeoutMs: 1000 });
    expect(linkIn(mail, '/auth/reset-password')).toBe(resetLink);
    expect(linkIn({ text: '', html: mail.html }, '/auth/reset-password')).toBe(resetLink);
    expect(mail.text).toContain('Hello Mia & Co,');
    expect(mail.html).toContain('Hello Mia &amp; Co,');
  });
});

describe('the trust-and-safety emails', () => {
  const to = 'owner@example.com';
  const decisionLink = 'https://shelf.example/decisions/42';
  const ruleLink = 'https://shelf.example/terms#copyright';
  const contactLink = 'https://shelf.example/report?kind=feedback';
  const statement = 'The file copies a commercial <audio> play & its music.';
  const base = {
    to,
    username: '<b>x</b>',
    label: 'Song <i>1</i>',
    reasonLabel: 'Copyright infringement',
    ruleTitle: 'Copyright and licences',
    ruleLink,
    statement,
    decisionNumber: 42,
    decisionLink,
    contactLink,
  };

  /** Text and HTML both say `phrases` (escaped in HTML), carry `links`, and HTML escapes every name. */
  function check(mail: MailMessage, phrases: string[], links: string[]) {
    expect(mail.text).toContain('The TonieShelf team');
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    }
    for (const link of links) {
      expect(mail.text).toContain(link);
      expect(linkIn({ text: '', html: mail.html }, new URL(link).pathname)).toBe(link);
    }
    expect(mail.html).not.toMatch(/<(b|i|audio)>/);
  }

  it('statementOfReasonsMail (hide): what, why, the rule with its link, and how to contest on the decision page', () => {
    const mail = statementOfReasonsMail({ ...base, action: 'hide' });
    expect(mail.subject).toBe('Moderators hid your content on TonieShelf (decision 42)');
    check(
      mail,
      ['Our moderators have hidden "Song <i>1</i>"', `Why: Copyright infringement. ${statement}`, 'Copyright and licences', 'contest it once', 'Hidden by moderators'],
      [ruleLink, decisionLink],
    );
  });

  it('statementOfReasonsMail (delete) and (suspend, until a day / for good): suspended users contest through the contact form quoting the number', () => {
    check(statementOfReasonsMail({ ...base, action: 'delete' }), ['Our moderators have deleted "Song <i>1</i>"'], [decisionLink]);
    const until = statementOfReasonsMail({ ...base, action: 'suspend', label: 'mia', suspendedUntil: '2030-01-31' });
    expect(until.subject).toBe('Your TonieShelf account was suspended (decision 42)');
    check(until, ['suspended your TonieShelf account until 2030-01-31', 'quote decision number 42'], [contactLink, ruleLink]);
    expect(until.text).not.toContain(decisionLink);
    check(statementOfReasonsMail({ ...base, action: 'suspend', label: 'mia', suspendedUntil: null }), ['for good'], [contactLink]);
  });

  it("decisionReversedMail, contestUpheldMail: the outcome with the moderators' words and the decision link", () => {
    check(
      decisionReversedMail({ to, username: 'x', action: 'restore', label: 'Song <i>1</i>', statement, afterContest: true, decisionLink }),
      ['reversed the decision', 'have restored "Song <i>1</i>"', statement],
      [decisionLink],
    );
    check(decisionReversedMail({ to, username: 'x', action: 'unsuspend', label: 'mia', statement, afterContest: false, decisionLink }), ['lifted the suspension'], [decisionLink]);
    check(
      contestUpheldMail({ to, username: 'x', label: 'Song <i>1</i>', statement, decisionLink }),
      ['kept the decision', statement, 'out-of-court dispute settlement'],
      [decisionLink],
    );
  });

  it('reportReceivedMail, reportOutcomeMail, operatorReportNoticeMail: the reference, what was reported, what happens next, the outcome', () => {
    const received = reportReceivedMail({
      to: 'r@example.com',
      name: 'Rita <Rights>',
      confirmed: true,
      reference: 'TS-7KQ2-M9XD',
      kind: 'report',
      reasonLabel: 'Copyright infringement',
      contentLink: 'https://shelf.example/audio/discover?audio=12',
      explanation: 'Copied <script>',
    });
    expect(received.subject).toBe('We received your report (TS-7KQ2-M9XD)');
    check(received, ['Hello Rita <Rights>,', 'Your reference number is TS-7KQ2-M9XD', 'Copyright infringement', 'What happens next', 'Copied <script>'], []);
    expect(received.text).toContain('https://shelf.example/audio/discover?audio=12');
    expect(received.html).not.toContain('<script>');
    // An address nobody confirmed: the reference and what happens next, nothing the sender chose.
    const unconfirmed = reportReceivedMail({
      to: 'victim@example.com',
      name: 'Dear winner',
      confirmed: false,
      reference: 'TS-7KQ2-M9XD',
      kind: 'report',
      reasonLabel: 'Spam',
      contentLink: 'https://evil.example/claim',
      explanation: 'Claim your prize',
    });
    check(unconfirmed, ['Hello there,', 'Your reference number is TS-7KQ2-M9XD', 'What you reported: Spam.', 'What happens next'], []);
    for (const chosen of ['Dear winner', 'evil.example', 'Claim your prize']) expect(unconfirmed.text + unconfirmed.html).not.toContain(chosen);
    expect(
      reportReceivedMail({ to, name: 'Ben', confirmed: true, reference: 'TS-AAAA-BBBB', kind: 'feedback', reasonLabel: null, contentLink: null, explanation: 'Nice' }).subject,
    ).toBe('We received your feedback (TS-AAAA-BBBB)');
    for (const [outcome, phrase] of [
      ['dismiss', 'decided to keep it'],
      ['hide', 'hid it'],
      ['delete', 'deleted it'],
      ['suspend', 'suspended it'],
    ] as const) {
      const mail = reportOutcomeMail({ to, name: 'Rita', reference: 'TS-7KQ2-M9XD', outcome, label: 'Song <i>1</i>', statement });
      expect(mail.subject).toBe('The outcome of your report (TS-7KQ2-M9XD)');
      check(mail, [phrase, statement], []);
    }
    check(
      operatorReportNoticeMail({
        to: 'op@example.com',
        reference: 'TS-7KQ2-M9XD',
        kindLabel: 'Report content',
        reasonLabel: 'Spam',
        contentLink: null,
        queueLink: 'https://shelf.example/moderation',
        explanation: 'x',
      }),
      ['TS-7KQ2-M9XD', 'Spam'],
      ['https://shelf.example/moderation'],
    );
  });
});

describe("the product's emails in German (a German account or sender)", () => {
  const link = 'https://shelf.example/auth/verify-email?token=abcdefghijklmnopqrstuvwxyz234567';
  const to = 'lena@example.com';
  const decisionLink = 'https://shelf.example/decisions/42';
  const ruleLink = 'https://shelf.example/terms#copyright';
  const contactLink = 'https://shelf.example/report?kind=feedback';

  /** German greeting and sign-off, the same links in text and HTML, <html lang="de">, nothing English left of the frame. */
  function german(mail: MailMessage, subject: string, phrases: string[], links: string[]) {
    expect(mail.subject).toBe(subject);
    expect(mail.text).toMatch(/^Hallo( Lena)?,\n/);
    expect(mail.text).toMatch(/Dein TonieShelf-Team\n$/);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text).not.toMatch(/Hello|The TonieShelf team/);
    for (const phrase of phrases) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    }
    for (const l of links) {
      expect(mail.text).toContain(l);
      expect(linkIn({ text: '', html: mail.html }, new URL(l).pathname)).toBe(l);
    }
    if (links.length) expect(mail.html).toContain('Falls der Button nicht funktioniert, öffne diesen Link:');
  }

  it('account mails: welcome, new address, address changed, reset, password changed, account deleted', () => {
    const language = 'de' as const;
    german(
      verifyAccountMail({ to, username: 'Lena', link, language }),
      'Willkommen bei TonieShelf: Bitte bestätige deine E-Mail-Adresse',
      ['Der Link ist 48 Stunden lang gültig.', 'E-Mail-Adresse bestätigen'],
      [link],
    );
    german(
      verifyNewAddressMail({ to, username: 'Lena', link, language }),
      'Bestätige deine neue E-Mail-Adresse für TonieShelf',
      ['behält dein Konto die bisherige Adresse'],
      [link],
    );
    german(
      emailChangedNoticeMail({ to, username: 'Lena', newEmail: 'neu@example.com', resetLink: link, language }),
      'Die E-Mail-Adresse deines TonieShelf-Kontos wurde geändert',
      ['wurde in neu@example.com geändert', 'Passwort zurücksetzen'],
      [link],
    );
    german(passwordResetMail({ to, username: 'Lena', link, language }), 'Dein TonieShelf-Passwort zurücksetzen', ['Der Link ist 1 Stunde lang und nur einmal gültig.'], [link]);
    german(passwordChangedNoticeMail({ to, username: 'Lena', language }), 'Dein TonieShelf-Passwort wurde geändert', ['wurde gerade geändert'], []);
    german(accountDeletedMail({ to, username: 'Lena', language }), 'Dein TonieShelf-Konto wurde gelöscht', ['danke fürs Teilen'], []);
  });

  it('moderation mails: statement of reasons (German reason, rule and date), reversal, upheld contest', () => {
    const language = 'de' as const;
    const base = {
      to,
      username: 'Lena',
      label: 'Lied <i>1</i>',
      reasonLabel: reasonLabelIn('copyright', 'de'),
      ruleTitle: ruleTitleIn('copyright', 'de'),
      ruleLink,
      statement: 'Kopie eines Hörspiels.',
      decisionNumber: 42,
      decisionLink,
      contactLink,
      language,
    };
    german(
      statementOfReasonsMail({ ...base, action: 'hide' }),
      'Moderatoren haben deinen Inhalt auf TonieShelf ausgeblendet (Entscheidung 42)',
      ['„Lied <i>1</i>“ ausgeblendet', 'Warum: Urheberrechtsverletzung. Kopie eines Hörspiels.', 'Urheberrecht und Lizenzen'],
      [ruleLink, decisionLink],
    );
    german(
      statementOfReasonsMail({ ...base, action: 'suspend', label: 'lena', suspendedUntil: '2030-01-31' }),
      'Dein TonieShelf-Konto wurde gesperrt (Entscheidung 42)',
      ['bis 31.1.2030 gesperrt', 'Feedback geben', 'Entscheidungsnummer 42'],
      [contactLink, ruleLink],
    );
    german(
      decisionReversedMail({ to, username: 'Lena', action: 'restore', label: 'Lied', statement: 'Doch erlaubt.', afterContest: true, decisionLink, language }),
      'Dein Inhalt auf TonieShelf wurde wiederhergestellt',
      ['Entscheidung aufgehoben', 'Die Moderatoren schreiben: Doch erlaubt.'],
      [decisionLink],
    );
    german(
      contestUpheldMail({ to, username: 'Lena', label: 'Lied', statement: 'Bleibt so.', decisionLink, language }),
      'Dein Widerspruch auf TonieShelf wurde beantwortet',
      ['Streitbeilegungsstelle', 'Warum: Bleibt so.'],
      [decisionLink],
    );
  });

  it('report mails: the receipt of a report and of feedback, the outcome (also without a name)', () => {
    const language = 'de' as const;
    german(
      reportReceivedMail({
        to,
        name: 'Lena',
        confirmed: true,
        reference: 'TS-7KQ2-M9XD',
        kind: 'report',
        reasonLabel: reasonLabelIn('spam', 'de'),
        contentLink: 'https://shelf.example/audio/discover?audio=12',
        explanation: 'Werbung',
        language,
      }),
      'Wir haben deine Meldung erhalten (TS-7KQ2-M9XD)',
      ['Deine Vorgangsnummer ist TS-7KQ2-M9XD.', 'Was du gemeldet hast: Spam — https://shelf.example/audio/discover?audio=12.', 'So geht es weiter'],
      [],
    );
    german(
      reportReceivedMail({ to, name: 'Lena', confirmed: true, reference: 'TS-AAAA-BBBB', kind: 'feedback', reasonLabel: null, contentLink: null, explanation: 'Toll', language }),
      'Wir haben dein Feedback erhalten (TS-AAAA-BBBB)',
      ['Du hast geschrieben: „Toll“'],
      [],
    );
    const outcome = reportOutcomeMail({ to, name: null, reference: 'TS-7KQ2-M9XD', outcome: 'hide', label: 'Lied', statement: 'Kopie.', language });
    german(outcome, 'Das Ergebnis deiner Meldung (TS-7KQ2-M9XD)', ['„Lied“ angesehen und es ausgeblendet'], []);
    expect(outcome.text.startsWith('Hallo,\n')).toBe(true);
    // English without a name greets as before.
    expect(reportOutcomeMail({ to, name: null, reference: 'TS-7KQ2-M9XD', outcome: 'hide', label: 'Song', statement: 'x' }).text.startsWith('Hello there,\n')).toBe(true);
  });
});

describe('siteLink', () => {
  it('PUBLIC_ORIGIN set -> absolute link on it, parameters encoded', () => {
    expect(siteLink({ publicOrigin: 'https://shelf.example', port: 3000 }, '/auth/reset-password', { token: 'abc' })).toBe('https://shelf.example/auth/reset-password?token=abc');
    expect(siteLink({ publicOrigin: 'https://shelf.example', port: 3000 }, '/auth/verify-email', { token: 'a b&c' })).toBe('https://shelf.example/auth/verify-email?token=a+b%26c');
  });

  it('PUBLIC_ORIGIN unset -> http://localhost:<PORT>', () => {
    expect(siteLink({ publicOrigin: undefined, port: 8080 }, '/auth/verify-email', { token: 'abc' })).toBe('http://localhost:8080/auth/verify-email?token=abc');
    expect(siteLink({ publicOrigin: undefined, port: 3000 }, '/')).toBe('http://localhost:3000/');
  });

  it('not a path on the site (another host, or no leading slash) -> throws', () => {
    expect(() => siteLink({ publicOrigin: 'https://shelf.example', port: 3000 }, '//evil.example/x')).toThrow('not a path on the site');
    expect(() => siteLink({ publicOrigin: 'https://shelf.example', port: 3000 }, 'https://evil.example/x')).toThrow('not a path on the site');
  });
});
