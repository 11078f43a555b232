import { sql } from 'kysely';
import type { Db, NewUser, User } from '../db/types';

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

/** Usernames that start with `base` (case-insensitive), to find a free numeric suffix. */
export async function usernamesStartingWith(db: Db, base: string): Promise<string[]> {
  const pattern = `${base.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.selectFrom('users').select('username').where(sql<string>`lower(username)`, 'like', pattern).execute();
  return rows.map((r) => r.username.toLowerCase());
}

export function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email, email_verified_at: new Date(), updated_at: new Date() }).where('id', '=', userId).execute();
}

/** The language the account's mails are written in. */
export async function setLocale(db: Db, userId: string, locale: 'en' | 'de'): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

/** Deletes the account; sessions, factors, codes, likes, links and files' records go with it (cascades). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
