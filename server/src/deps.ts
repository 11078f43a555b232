// What the app is built from, made once by buildApp and shared by every request: services take
// the parts they need (a Pick of this), never the tRPC context.
import type { Kysely } from 'kysely';
import type { SmsTransport } from './auth/sms';
import type { CacheTag, ReadCache } from './cache';
import type { AppConfig } from './config';
import type { DB } from './db/types';
import type { Log } from './log';
import type { Mailer } from './mail/mailer';
import type { CatalogueSearch } from './search/catalogue-search';
import type { DiskSpace } from './storage/disk-space';
import type { Storage } from './storage/storage';

export { quietLog, type Log } from './log';

export interface AppDeps {
  config: AppConfig;
  db: Kysely<DB>;
  sms: SmsTransport;
  /** Where the app's emails go: SMTP, or .eml files under DATA_DIR/mail. */
  mailer: Mailer;
  /** The read cache of public reads (catalogue, Discover). */
  cache: ReadCache;
  /** Where uploaded files live (local disk or S3). */
  storage: Storage;
  /** Free space on DATA_DIR's disk and the reserve kept there. */
  disk: DiskSpace;
  log: Log;
  /** Where the cached public reads go when there are read replicas (db/read-routing.ts); else `db`. */
  reads?: PublicReads;
  /** The catalogue's search index (search/catalogue-search.ts); without it, or until it is ready, searches use SQL. */
  search?: CatalogueSearch;
}

/** The read replicas as the app uses them. */
export interface PublicReads {
  /** The database a public read of `tag` uses: a replica that has what `tag` shows, else the primary. */
  db(tag: CacheTag): Kysely<DB>;
  /** A write changed what `tag` shows (here, or heard from another instance). */
  changed(tag: CacheTag): void;
}
