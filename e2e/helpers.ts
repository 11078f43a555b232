// What the browser tests share: the server's data and mail folders (playwright.config.ts), fresh
// accounts registered and verified through the API with the link of the welcome mail, audio
// published through the REST routes with its licence and the rights statement, the upload forms'
// licence step, and toasts. The WAV files to upload come from the server tests' wav().
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { wav } from '../server/test/helpers/audio';
import { latestMailTo, linkIn } from '../server/test/helpers/mailbox';

/** The server's DATA_DIR and the folder it writes its mail to (no SMTP_URL). */
export const DATA_DIR = path.join(os.tmpdir(), `tonieshelf-e2e-${Number(process.env.E2E_PORT ?? 3199)}`);
export const MAIL_DIR = path.join(DATA_DIR, 'mail');

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

/** `npm run admin -- grant <email> <role>` against the running server's data directory. */
export async function grantRole(email: string, role: 'moderator' | 'admin'): Promise<void> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'grant', email, role], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  expect(stdout).toContain(`is now ${role}`);
}

/**
 * The plain catalogue's address: /catalog, or with the language filter the interface language
 * preselects there once (?languages=...), which may already be in place when a test looks.
 */
export const CATALOG_URL = /\/catalog(\?languages=[\w,-]+)?$/;

const PASSWORD = 'Shelf-e2e-Pass-Phrase-42';
/** The subject of the welcome mail with the verification link. */
export const VERIFY_SUBJECT = 'please confirm your email address';

/** A short text no other test run uses (for names, titles and tags). */
export function stamp(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** A new account's details: e2e-<kind>-<stamp>@example.com, username <kind><stamp>. */
export function newAccount(firstName: string, kind: string, lastName = 'Example'): Account {
  const s = stamp();
  return { firstName, lastName, email: `e2e-${kind}-${s}@example.com`, username: `${kind}${s}`, password: PASSWORD };
}

/** Registers through the API; the request context (and its page) gets the session cookie. */
export async function registerByApi(request: APIRequestContext, baseURL: string | undefined, account: Account): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { ...account, confirmPassword: account.password },
    headers: { origin: baseURL ?? '' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the verification link of the latest welcome mail to `email` through the API. */
export async function verifyByMail(request: APIRequestContext, baseURL: string | undefined, email: string): Promise<void> {
  const mail = await latestMailTo(MAIL_DIR, email, { subject: VERIFY_SUBJECT });
  const token = new URL(linkIn(mail, '/auth/verify-email')).searchParams.get('token');
  const response = await request.post('/api/auth/verify-email', { data: { token }, headers: { origin: baseURL ?? '' } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A fresh account, registered and verified (publishing needs that); the page's context is signed in. */
export async function registerVerified(page: Page, baseURL: string | undefined, firstName: string, kind: string, lastName?: string): Promise<Account> {
  const account = newAccount(firstName, kind, lastName);
  await registerByApi(page.request, baseURL, account);
  await verifyByMail(page.request, baseURL, account.email);
  return account;
}

/** A browser context of its own with a fresh registered, verified account signed in. */
export async function signedInPage(browser: Browser, baseURL: string | undefined, firstName: string, kind: string, lastName?: string): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { page, account: await registerVerified(page, baseURL, firstName, kind, lastName) };
}

interface PublishFields {
  title: string;
  tags?: string[];
  description?: string;
  /** The uploaded WAV's name and length. */
  fileName?: string;
  seconds?: number;
}

/** Uploads a WAV and publishes it (CC BY 4.0, rights confirmed) through the REST routes, as the request context's user. */
export async function publishAudio(request: APIRequestContext, baseURL: string | undefined, fields: PublishFields): Promise<{ id: number; fileUrl: string }> {
  const origin = { origin: baseURL ?? '' };
  const upload = await request.post('/api/uploads/audio?variant=upload', {
    multipart: { file: { name: fields.fileName ?? 'song.wav', mimeType: 'audio/wav', buffer: wav({ seconds: fields.seconds ?? 1 }) } },
    headers: origin,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const created = await request.post('/api/audio-files', {
    data: {
      title: fields.title,
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      tags: fields.tags ?? [],
      status: 'published',
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      filePath: ((await upload.json()) as { filePath: string }).filePath,
    },
    headers: origin,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; fileUrl: string };
}

/** Chooses the licence and ticks 'I made this or have the right to share it' (both required) in an upload form or dialog. */
export async function licenceAndRights(scope: Locator, label = 'CC BY 4.0'): Promise<void> {
  await scope.getByRole('combobox', { name: /^Licence/ }).click();
  await scope.page().getByRole('option', { name: label, exact: true }).click();
  await scope.getByRole('checkbox', { name: /I made this or have the right to share it/ }).check();
}

/** A toast with this title (and message) is on screen. */
export async function expectToast(page: Page, title: string, message?: string | RegExp): Promise<void> {
  const box = page
    .locator('.mantine-Notification-root')
    .filter({ has: page.locator('.mantine-Notification-title', { hasText: title }) })
    .last();
  await expect(box).toBeVisible();
  if (message !== undefined) await expect(box.locator('.mantine-Notification-description')).toContainText(message);
}

/** Closes the toast with this title by its close button; it is gone after. */
export async function closeToast(page: Page, title: string): Promise<void> {
  const box = page.locator('.mantine-Notification-root').filter({ has: page.locator('.mantine-Notification-title', { hasText: title }) });
  await box.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(box).toHaveCount(0);
}

/** The Discover card of the audio file with this title. */
export function audioCard(page: Page, title: string): Locator {
  return page.getByTestId('audio-card').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}
