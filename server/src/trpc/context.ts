// The tRPC context: the app's parts (AppDeps) plus what one request brings (who is signed in,
// the client's address, the session cookie).
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo, SessionUser } from '../accounts/mappers';
import { LogSmsTransport } from '../auth/sms';
import { ReadCache } from '../cache';
import { quietLog, type AppDeps } from '../deps';
import { createMemoryMailer } from '../mail/mailer';
import type { AppError } from '../errors';
import { ReadPolicy } from './cache-policy';
import { DiskSpace } from '../storage/disk-space';
import { LocalStorage } from '../storage/local';

/** How a procedure sets or clears the session cookie (a no-op recorder in tests). */
export interface SessionCookies {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context extends AppDeps {
  /** The fully signed-in user: null when signed out or while a second step is pending. */
  user: SessionUser | null;
  session: SessionInfo | null;
  /** A session that still needs its second step (aal 1 of an account with a verified factor). */
  pending: { user: SessionUser; session: SessionInfo } | null;
  /** Client address, for throttling and session records. */
  ip: string;
  /** The request's language (cookie, else Accept-Language, else English): answers and a new account's mails. */
  language: Language;
  /** The language chosen in the browser app (its cookie), or null: remembered for the account at sign-in. */
  chosenLanguage: Language | null;
  userAgent: string | null;
  cookies: SessionCookies;
  /**
   * Set when the request carried a session cookie but the session could not be looked up (the
   * database is down): `user` is then null, cached public reads answer as for a signed-out
   * visitor, and every other procedure throws this (503).
   */
  sessionUnavailable: AppError | null;
  /**
   * How a read goes through the read cache: a cachedProcedure (trpc.ts) sets it to the cache under
   * its path and input when the cache is on; otherwise it just loads.
   */
  cached: <T>(load: () => Promise<T>) => Promise<T>;
  /** The cache policy of the queries this request ran (recorded by trpc.ts, read by http/caching.ts). */
  readPolicy: ReadPolicy;
  req?: FastifyRequest;
  res?: FastifyReply;
}

/** `cached` without a cache: the load itself, as ReadCache.get runs it when the cache is off. */
export const loadNow = <T>(load: () => Promise<T>): Promise<T> => load();

/** A context with no request: contract tests call `createCaller(createContextInner(...))`. */
export function createContextInner(opts: Pick<Context, 'db' | 'config'> & Partial<Omit<Context, 'db' | 'config'>>): Context {
  // The defaults of the app's parts are made only when missing: a request's context (which
  // brings them all) must not pay for them (os.tmpdir() reads the environment every call).
  return {
    user: null,
    session: null,
    pending: null,
    ip: '127.0.0.1',
    language: DEFAULT_LANGUAGE,
    chosenLanguage: null,
    userAgent: null,
    cookies: { set() {}, clear() {} },
    sessionUnavailable: null,
    cached: loadNow,
    readPolicy: new ReadPolicy(),
    log: quietLog,
    ...opts,
    sms: opts.sms ?? new LogSmsTransport((m) => console.info(m)),
    mailer: opts.mailer ?? createMemoryMailer(),
    cache: opts.cache ?? new ReadCache(0),
    storage: opts.storage ?? new LocalStorage(path.join(os.tmpdir(), 'tonieshelf-storage')),
    disk: opts.disk ?? new DiskSpace(os.tmpdir(), 0),
  };
}
