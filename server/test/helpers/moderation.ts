// People for the trust-and-safety tests: signed-in callers with a role, all sharing one in-memory
// mailer, so a test reads every mail the app sent; and a statement of reasons. Content comes from
// ./content (audio files, Tonies and reviews written straight into the test database).
import type { Role } from '../../src/db/types';
import { createMemoryMailer, type MemoryMailer } from '../../src/mail/mailer';
import type { AppConfig } from '../../src/config';
import { newUser, TestClient } from './auth';
import type { TestDatabase } from './db';

/** A browser whose calls' mail all goes to the shared `mailer`; api() is its caller. */
export class Browser extends TestClient {
  constructor(database: TestDatabase, mailer: MemoryMailer, ip?: string, config?: AppConfig) {
    super(database, ip, undefined, { mailer, ...(config ? { config } : {}) });
  }

  api() {
    return this.caller();
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

export function newMailer(): MemoryMailer {
  return createMemoryMailer();
}

/** A statement of reasons that passes the schema. */
export const STATEMENT = {
  reason: 'copyright' as const,
  rule: 'copyright' as const,
  statement: 'This recording is a copy of a commercial audio play; the uploader holds no licence for it.',
};
