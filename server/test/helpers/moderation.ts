// People and content for the trust-and-safety tests: signed-in callers with a role (all sharing
// one in-memory mailer, so a test reads every mail the app sent), audio files, Tonies and reviews
// written straight into the test database.
import { TRPCError } from '@trpc/server';
import type { Role } from '../../src/db/types';
import { resolveSession } from '../../src/accounts/sessions';
import { createMemoryMailer, type MemoryMailer } from '../../src/mail/mailer';
import { createContextInner } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';
import type { AppConfig } from '../../src/config';
import type { Storage } from '../../src/storage/storage';
import { testConfig } from './app';
import { newUser } from './auth';
import type { TestDatabase } from './db';

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.51.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** A browser: keeps the session cookie; every call's mail goes to the shared `mailer`. */
export class Browser {
  token: string | null = null;
  /** Where the calls' stored files live (default: the context's temp-dir storage). */
  storage: Storage | undefined;

  constructor(
    readonly database: TestDatabase,
    readonly mailer: MemoryMailer,
    readonly ip = nextIp(),
    readonly config: AppConfig = testConfig(),
  ) {}

  async api() {
    const { valid: _v, renewed: _r, expiresAt: _e, ...resolved } = await resolveSession(this.database.db, this.token ?? undefined);
    return createCaller(
      createContextInner({
        db: this.database.db,
        config: this.config,
        ...resolved,
        ip: this.ip,
        userAgent: 'vitest',
        mailer: this.mailer,
        ...(this.storage ? { storage: this.storage } : {}),
        cookies: { set: (token) => (this.token = token), clear: () => (this.token = null) },
      }),
    );
  }
}

export interface Person {
  browser: Browser;
  id: string;
  email: string;
  username: string;
  password: string;
  api: () => ReturnType<Browser['api']>;
}

/** A registered, verified, signed-in person with `role`. */
export async function person(database: TestDatabase, mailer: MemoryMailer, role: Role = 'user', config?: AppConfig): Promise<Person> {
  const browser = new Browser(database, mailer, undefined, config);
  const input = newUser();
  const me = await (await browser.api()).auth.register(input);
  await database.db.updateTable('users').set({ role, email_verified_at: new Date() }).where('id', '=', me.id).execute();
  return { browser, id: me.id, email: input.email, username: me.username, password: input.password, api: () => browser.api() };
}

let article = 0;
export async function insertTonie(database: TestDatabase, name = 'The Gruffalo'): Promise<number> {
  article += 1;
  const row = await database.db.insertInto('tonies').values({ article: `MOD-${process.pid}-${article}`, name, category: 'Audio play' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

let fileCounter = 0;
export async function insertAudio(database: TestDatabase, userId: string, overrides: { title?: string; status?: 'draft' | 'published'; description?: string } = {}): Promise<number> {
  fileCounter += 1;
  const row = await database.db
    .insertInto('audio_files')
    .values({
      user_id: userId,
      title: overrides.title ?? `Song ${fileCounter}`,
      description: overrides.description ?? 'A song for bedtime',
      status: overrides.status ?? 'published',
      published_at: (overrides.status ?? 'published') === 'published' ? new Date() : null,
      file_path: `audio/${userId}/mod-${process.pid}-${fileCounter}.mp3`,
      file_name: 'song.mp3',
      file_size: 1000,
      mime_type: 'audio/mpeg',
      licence: 'cc-by-4.0',
      rights_confirmed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReview(database: TestDatabase, tonieId: number, userId: string, review = 'Wonderful voices and a calm story for the evening'): Promise<number> {
  const row = await database.db.insertInto('ratings').values({ tonie_id: tonieId, user_id: userId, rating: 4, review }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

interface Failure {
  code: string;
  message: string;
  reason?: string | undefined;
  field?: string | undefined;
  retryAfter?: number | undefined;
}

/** The error a call fails with (its tRPC code, message and AppError details); throws when it succeeds. */
export async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) {
      const e = err as TRPCError & { reason?: string; field?: string; retryAfter?: number };
      return { code: err.code, message: err.message, reason: e.reason, field: e.field, retryAfter: e.retryAfter };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}

export function newMailer(): MemoryMailer {
  return createMemoryMailer();
}

/** A statement of reasons that passes the schema. */
export const STATEMENT = {
  reason: 'copyright' as const,
  rule: 'copyright' as const,
  statement: 'This recording is a copy of a commercial audio play; the uploader holds no licence for it.',
};
