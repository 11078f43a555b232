// Configuration: process.env parsed once with zod. A bad value stops start-up with one clear
// line naming the variable and what is wrong.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

/** Caps of an action per client address, per hour and per day (auth/rate-limit.ts counts them). */
export interface AddressLimits {
  perHour: number;
  perDay: number;
}
/** New accounts from one client address (a household or a school shares one): the settings' defaults. */
export const REGISTRATION_LIMITS: AddressLimits = { perHour: 30, perDay: 100 };
/** Reports and contact messages from one client address: the settings' defaults. */
export const REPORT_ADDRESS_LIMITS: AddressLimits = { perHour: 10, perDay: 50 };

const flag = <D extends boolean | undefined>(defaultValue: D) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
      error: 'must be one of 1, 0, true, false, yes, no, on, off',
    })
    .optional()
    .transform((v): boolean | D => (v === undefined ? defaultValue : ['1', 'true', 'yes', 'on'].includes(v)));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const TRUST_PROXY_ERROR =
  "must be off, a number of proxy hops from 1 to 10, or the proxies' addresses (IP addresses or CIDR ranges, comma-separated; loopback, linklocal and uniquelocal name the private ranges)";
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (address/prefix) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Off (the default), a hop count, or the list of proxy addresses whose X-Forwarded-For is believed. */
const trustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = v?.trim().toLowerCase() ?? '';
    if (['', '0', 'off', 'false', 'no'].includes(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      if (entries.length && entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

const MAIL_FROM_ERROR = 'must be one email address, optionally with a name, e.g. TonieShelf <no-reply@tonieshelf.example>';

/** One sender address, with or without a display name ("Name <address>"), as mail headers read it. */
const mailFromSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const value = v.trim();
    const parsed = /[\r\n]/.test(value) ? [] : addressparser(value);
    const [first] = parsed;
    if (parsed.length === 1 && first?.address !== undefined && /^[^\s@"<>()[\],;:\\]+@[^\s@"<>()[\],;:\\]+$/.test(first.address)) return value;
    ctx.addIssue({ code: 'custom', message: MAIL_FROM_ERROR });
    return z.NEVER;
  });

/** A whole number setting from `min` to `max` (`what`: e.g. 'megabytes', when it says more), `defaultValue` when unset. */
const wholeNumber = (min: number, max: number, defaultValue: number, what?: string) => z.preprocess(emptyAsUndefined, wholeNumberIn(min, max, what).default(defaultValue));

/** The same without a default: undefined when unset. */
const optionalWholeNumber = (min: number, max: number, what?: string) => z.preprocess(emptyAsUndefined, wholeNumberIn(min, max, what).optional());

function wholeNumberIn(min: number, max: number, what?: string) {
  const error = `must be a whole number ${what ? `of ${what} ` : ''}from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/**
 * A line (or lines) of the imprint: trimmed, a literal \\n (as .env files carry it) becomes a line
 * break, at most `max` characters; empty means unset.
 */
const operatorText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? emptyAsUndefined(v.replace(/\\n/g, '\n').replace(/\r\n?/g, '\n').trim()) : v),
    z
      .string()
      .max(max, { error: `must be at most ${max} characters` })
      .refine((v) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(v), { error: 'must not contain control characters' })
      .optional(),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int({ error: 'must be a whole number from 0 to 65535' })
      .min(0, { error: 'must be a whole number from 0 to 65535' })
      .max(65535, { error: 'must be a whole number from 0 to 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  /** Streaming replicas of DATABASE_URL for public reads: one URL, or several separated by commas. */
  DATABASE_REPLICA_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().regex(/^postgres(ql)?:\/\/.+/, { error: 'must be postgres:// or postgresql:// URLs, separated by commas' }))
          .max(8, { error: 'must name at most 8 replicas' }),
      )
      .optional(),
  ),
  /** Unset: by where PostgreSQL runs (defaultPoolSize). */
  DATABASE_POOL_SIZE: optionalWholeNumber(1, 100, 'connections'),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  PUBLIC_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin, e.g. https://tonieshelf.example' })
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production')),
  SEED_DEMO: z.preprocess(emptyAsUndefined, flag(true)),
  /** Where the built browser app is (default client/dist); lets parallel test runs build apart. */
  CLIENT_DIST: z.preprocess(emptyAsUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxySchema),
  SEARCH_INDEX: z.preprocess(emptyAsUndefined, flag(true)),
  CACHE_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 0 to 3600' })
      .min(0, { error: 'must be a number of seconds from 0 to 3600' })
      .max(3600, { error: 'must be a number of seconds from 0 to 3600' })
      .default(10),
  ),
  REGISTRATIONS_PER_ADDRESS_HOUR: wholeNumber(1, 100_000, REGISTRATION_LIMITS.perHour),
  REGISTRATIONS_PER_ADDRESS_DAY: wholeNumber(1, 100_000, REGISTRATION_LIMITS.perDay),
  REPORTS_PER_ADDRESS_HOUR: wholeNumber(1, 100_000, REPORT_ADDRESS_LIMITS.perHour),
  REPORTS_PER_ADDRESS_DAY: wholeNumber(1, 100_000, REPORT_ADDRESS_LIMITS.perDay),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  ),
  STORAGE_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local')),
  /** The operator says every instance's uploads are one storage (instances/registry.ts checks otherwise). */
  UPLOADS_SHARED: z.preprocess(emptyAsUndefined, flag(false)),
  S3_BUCKET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name of 3 to 63 lower-case letters, digits, dots or hyphens' })
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://minio:9000' }).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, flag(undefined)),
  DISK_RESERVE_MB: wholeNumber(0, 1024 * 1024, 200, 'megabytes'),
  UPLOAD_QUOTA_MB: wholeNumber(1, 1024 * 1024, 1024, 'megabytes'),
  PENDING_UPLOAD_QUOTA_MB: wholeNumber(1, 1024 * 1024, 200, 'megabytes'),
  UPLOADS_PER_HOUR: wholeNumber(1, 100_000, 60, 'uploads'),
  UPLOADS_IN_FLIGHT: wholeNumber(1, 100, 2, 'uploads'),
  UPLOAD_IDLE_TIMEOUT_SECONDS: wholeNumber(1, 3600, 30, 'seconds'),
  SHUTDOWN_UPLOAD_GRACE_SECONDS: wholeNumber(0, 3600, 8, 'seconds'),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600, 30, 'seconds'),
  UPLOAD_TIMEOUT_SECONDS: wholeNumber(1, 24 * 3600, 600, 'seconds'),
  CONNECTIONS_PER_ADDRESS: wholeNumber(0, 100_000, 256, 'connections'),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587',
      })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, mailFromSchema),
  COMMUNITY_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https$/, hostname: /^.+$/, error: 'must be an https:// URL, e.g. https://forum.tonieshelf.example, or empty' }).optional(),
  ),
  /** Where the daily catalogue sync reads a toniesV2.json from (jobs/catalogue-sync.ts); unset: no sync. */
  CATALOGUE_SYNC_URL: z.preprocess(
    (v) => (typeof v === 'string' ? emptyAsUndefined(v.trim()) : v),
    z.url({ protocol: /^https?$/, hostname: /^.+$/, error: 'must be an http:// or https:// URL of a toniesV2.json, e.g. https://example.org/toniesV2.json, or empty' }).optional(),
  ),
  OPERATOR_NAME: operatorText(200),
  OPERATOR_ADDRESS: operatorText(500),
  OPERATOR_EMAIL: z.preprocess(
    (v) => (typeof v === 'string' ? emptyAsUndefined(v.trim()) : v),
    z
      .string()
      .regex(/^[^\s@"<>()[\],;:\\]+@[^\s@"<>()[\],;:\\]+\.[^\s@"<>()[\],;:\\]+$/, { error: 'must be one email address, e.g. contact@tonieshelf.example' })
      .max(254, { error: 'must be one email address, e.g. contact@tonieshelf.example' })
      .optional(),
  ),
  OPERATOR_PHONE: operatorText(50),
  OPERATOR_EXTRA: operatorText(1000),
  PRIVACY_EXTRA: operatorText(4000),
});

/** Where an S3-compatible bucket is and how to reach it (STORAGE_DRIVER=s3). */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, ...); undefined means AWS S3 itself. */
  endpoint: string | undefined;
  /** Both set, or both undefined (then the SDK's default credential chain applies). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key) rather than the host name. */
  forcePathStyle: boolean;
}

/** Whose X-Forwarded-For to believe: nobody, the n nearest hops, or these proxy addresses. */
export type TrustProxy = false | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of databaseUrl that the cached public reads use (DATABASE_REPLICA_URL). */
  databaseReplicaUrls: string[];
  /** Connections this instance opens to PostgreSQL for its requests (DATABASE_POOL_SIZE, else defaultPoolSize). */
  databasePoolSize: number;
  dataDir: string;
  /** Where the embedded database lives: 'memory' or a directory. */
  pgliteDir: string;
  /** The origin browsers use to reach the app; undefined accepts the request's own Host. */
  publicOrigin: string | undefined;
  /**
   * Whether the client's address (throttling, the sessions list) and protocol are read from
   * X-Forwarded-For / -Proto: off, a hop count, or the proxies' addresses (TRUST_PROXY).
   */
  trustProxy: TrustProxy;
  nodeEnv: 'development' | 'production' | 'test';
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long public catalogue reads are cached in memory; 0 turns the cache off. */
  cacheTtlMs: number;
  /** The catalogue's search from the in-process search index (SEARCH_INDEX, on by default); off: SQL alone. */
  searchIndex: boolean;
  /** New accounts one client address may make per hour and per day (a school shares one address). */
  registrationLimits: AddressLimits;
  /** Reports and contact messages one client address may send per hour and per day. */
  reportLimits: AddressLimits;
  /** Directory of the built client (index.html and assets); served when it exists. */
  clientDist: string;
  /** Where uploads are stored: local disk under DATA_DIR/uploads, or an S3 bucket. */
  storageDriver: 'local' | 's3';
  /** UPLOADS_SHARED: start beside instances whose uploads directory looks different (the operator vouches it is shared). */
  uploadsShared: boolean;
  /** Set when storageDriver is 's3'. */
  s3: S3Config | undefined;
  /**
   * Free space kept on DATA_DIR's disk: below it, uploads (and, on the embedded database, every
   * write) are refused with 507 while reads go on; 0 turns the check off.
   */
  diskReserveBytes: number;
  /** What one user may upload (uploads/quota.ts). */
  uploadLimits: UploadLimits;
  /** How long and how many connections a client may hold (http/request-bounds.ts). */
  requestLimits: RequestLimits;
  /** The SMTP server mail goes through; undefined writes each mail to DATA_DIR/mail instead. */
  smtpUrl: string | undefined;
  /** The sender of the app's mail, e.g. `TonieShelf <no-reply@tonieshelf.example>`. */
  mailFrom: string;
  /** COMMUNITY_URL: where 'Report a Bug' and 'Share Feedback' lead instead of the contact form; null = the form. */
  communityUrl: string | null;
  /** The operator's details for the imprint (and OPERATOR_EMAIL gets a notice of each report). */
  operator: OperatorInfo;
  /** PRIVACY_EXTRA: the operator's own lines of the privacy policy (providers, logs, a data protection officer); null = none. */
  privacyExtra: string | null;
  /** CATALOGUE_SYNC_URL: the toniesV2.json the server imports once a day; undefined = no sync. */
  catalogueSyncUrl: string | undefined;
}

/** Who runs this TonieShelf (the imprint); null where unset. */
export interface OperatorInfo {
  name: string | null;
  /** Lines separated by \n. */
  address: string | null;
  email: string | null;
  phone: string | null;
  /** Further lines: register entry, VAT id, responsible person. */
  extra: string | null;
}

/** Bounds of every request in time, and of each client address's open connections. */
export interface RequestLimits {
  /** The headers, and the body of anything but an upload, arrive within this. */
  timeoutMs: number;
  /** A whole upload arrives within this. */
  uploadTimeoutMs: number;
  /** Open connections of one client address; 0: no cap (behind a proxy, which caps them). */
  connectionsPerAddress: number;
}

/** Per-user bounds of uploads in space, number and time. */
export interface UploadLimits {
  /** Bytes a user keeps: attached audio files plus pending uploads. */
  storedBytes: number;
  /** Bytes of uploads not yet attached to a record. */
  pendingBytes: number;
  /** Uploads accepted per user in any hour. */
  perHour: number;
  /** Uploads of one user received at the same time. */
  inFlight: number;
  /** A request body that sends nothing for this long is cut off. */
  idleTimeoutMs: number;
  /** At shutdown, running uploads may finish for this long; then they are cut off and removed. */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {}

const MEGABYTE = 1024 * 1024;

/** node-postgres's own default, kept for a PostgreSQL on another machine (its cores unknown here). */
const REMOTE_POOL_SIZE = 10;

/** Whether a host as node-postgres reads it is this machine: a socket directory, localhost, a loopback address. */
function isLocalHost(host: string): boolean {
  if (host.startsWith('/')) return true;
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  // An IPv4 address mapped into IPv6 (a URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1).
  const mapped = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : null;
  const hex = mapped === null ? null : /^([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(mapped);
  if (hex) return parseInt(hex[1]!, 16) >> 8 === 127;
  const v4 = mapped ?? name;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * Whether a postgres:// URL names this machine, read as node-postgres reads it: a `host` query
 * parameter wins over the URL's host; a socket directory may also stand URL-encoded as the host
 * (`postgres://u@%2Frun%2Fpostgresql/db`); no host at all means PGHOST, else localhost.
 */
export function isLocalDatabase(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.searchParams.get('host') || decodeURIComponent(parsed.hostname) || env.PGHOST || 'localhost';
  return isLocalHost(host);
}

/**
 * The pool's size when DATABASE_POOL_SIZE is unset. A PostgreSQL on this machine shares its cores
 * with the app: more connections than about twice the cores (the PostgreSQL wiki's rule for a
 * server's connections) only make the queries under way wait for each other on the CPU, and the
 * slowest answers wait longest (measured on 2 cores, BENCHMARKS.md: a catalogue page's p99 at 50
 * connections 113-120 ms with 10, 46-48 ms with 4, at the same throughput). At least 4, so a
 * long transaction (the daily catalogue sync holds one for its import) leaves room for requests.
 * Elsewhere, 10.
 */
export function defaultPoolSize(databaseUrl: string | undefined, cores: number = availableParallelism()): number {
  if (!databaseUrl || !isLocalDatabase(databaseUrl)) return REMOTE_POOL_SIZE;
  return Math.min(REMOTE_POOL_SIZE, Math.max(4, 2 * cores));
}

/** A setting's value as an error line may show it: no password of a URL (SMTP_URL, DATABASE_URL, each of DATABASE_REPLICA_URL). */
function shownValue(value: string): string {
  return value.replace(/(\/\/[^/@:,]*:)[^,]*@/g, '$1***@');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(`Invalid ${name}${value !== undefined ? ` ("${shownValue(value)}")` : ''}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid S3_BUCKET: must be set when STORAGE_DRIVER is s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid ${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`);
  }
  if (e.DATABASE_REPLICA_URL?.length && !e.DATABASE_URL) {
    throw new ConfigError('Invalid DATABASE_REPLICA_URL: read replicas need DATABASE_URL (the embedded database has none)');
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URL ?? [],
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(e.DATABASE_URL),
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    publicOrigin: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    searchIndex: e.SEARCH_INDEX,
    registrationLimits: { perHour: e.REGISTRATIONS_PER_ADDRESS_HOUR, perDay: Math.max(e.REGISTRATIONS_PER_ADDRESS_DAY, e.REGISTRATIONS_PER_ADDRESS_HOUR) },
    reportLimits: { perHour: e.REPORTS_PER_ADDRESS_HOUR, perDay: Math.max(e.REPORTS_PER_ADDRESS_DAY, e.REPORTS_PER_ADDRESS_HOUR) },
    clientDist: e.CLIENT_DIST ? path.resolve(e.CLIENT_DIST) : path.resolve(import.meta.dirname, '../../client/dist'),
    storageDriver: e.STORAGE_DRIVER,
    uploadsShared: e.UPLOADS_SHARED,
    s3:
      e.STORAGE_DRIVER === 's3'
        ? {
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : undefined,
    diskReserveBytes: e.DISK_RESERVE_MB * MEGABYTE,
    uploadLimits: {
      storedBytes: e.UPLOAD_QUOTA_MB * MEGABYTE,
      pendingBytes: e.PENDING_UPLOAD_QUOTA_MB * MEGABYTE,
      perHour: e.UPLOADS_PER_HOUR,
      inFlight: e.UPLOADS_IN_FLIGHT,
      idleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      shutdownGraceMs: e.SHUTDOWN_UPLOAD_GRACE_SECONDS * 1000,
    },
    requestLimits: {
      timeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadTimeoutMs: e.UPLOAD_TIMEOUT_SECONDS * 1000,
      connectionsPerAddress: e.CONNECTIONS_PER_ADDRESS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `TonieShelf <no-reply@${e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).hostname : 'localhost'}>`,
    communityUrl: e.COMMUNITY_URL ?? null,
    operator: {
      name: e.OPERATOR_NAME ?? null,
      address: e.OPERATOR_ADDRESS ?? null,
      email: e.OPERATOR_EMAIL ?? null,
      phone: e.OPERATOR_PHONE ?? null,
      extra: e.OPERATOR_EXTRA ?? null,
    },
    privacyExtra: e.PRIVACY_EXTRA ?? null,
    catalogueSyncUrl: e.CATALOGUE_SYNC_URL,
  };
}
