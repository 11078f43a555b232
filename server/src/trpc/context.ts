import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LogSmsTransport, type SmsTransport } from '../auth/sms';
import { QueryCache } from '../cache';
import { LocalStorage } from '../storage/local';
import type { Storage } from '../storage/storage';
import type { AppConfig } from '../config';
import type { DB } from '../db/types';

/** The signed-in user as procedures see it (never taken from client input). */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
}

export interface SessionInfo {
  id: string;
  aal: 1 | 2;
  /** The account has a verified second factor (so it needs aal 2). */
  mfaRequired: boolean;
  expiresAt: Date;
}

/** How a procedure sets or clears the session cookie (a no-op recorder in tests). */
export interface SessionCookies {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface ContextInner {
  db: Kysely<DB>;
  config: AppConfig;
  /** The fully signed-in user: null when signed out or while a second step is pending. */
  user: SessionUser | null;
  session: SessionInfo | null;
  /** A session that still needs its second step (aal 1 of an account with a verified factor). */
  pending: { user: SessionUser; session: SessionInfo } | null;
  /** Client address, for throttling and session records. */
  ip: string;
  userAgent: string | null;
  sms: SmsTransport;
  cookies: SessionCookies;
  /** Cache of public catalogue reads, shared by the whole app (off in a bare context). */
  cache: QueryCache;
  /** Where uploaded files live (local disk or S3). */
  storage: Storage;
  req?: FastifyRequest;
  res?: FastifyReply;
}

/** A context with no request: contract tests call `createCaller(createContextInner(...))`. */
export function createContextInner(
  opts: Pick<ContextInner, 'db' | 'config'> & Partial<Omit<ContextInner, 'db' | 'config'>>,
): ContextInner {
  return {
    user: null,
    session: null,
    pending: null,
    ip: '127.0.0.1',
    userAgent: null,
    sms: new LogSmsTransport((m) => console.info(m)),
    cookies: { set() {}, clear() {} },
    cache: new QueryCache(0),
    storage: new LocalStorage(path.join(os.tmpdir(), 'tonieshelf-storage')),
    ...opts,
  };
}

export type Context = ContextInner;
