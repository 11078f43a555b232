import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, defaultPoolSize, isLocalDatabase, loadConfig } from './config';

describe('loadConfig', () => {
  it('loadConfig: empty environment -> documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '/srv/app/data',
      pgliteDir: path.join('/srv/app/data', 'pglite'),
      publicOrigin: undefined,
      nodeEnv: 'production',
      seedDemo: true,
      logLevel: 'info',
      cacheTtlMs: 10_000,
      storageDriver: 'local',
      s3: undefined,
    });
  });

  it('loadConfig: registration caps per client address -> 30 an hour and 100 a day unless set; a day never below the hour', () => {
    expect(loadConfig({}, '/srv/app').registrationLimits).toEqual({ perHour: 30, perDay: 100 });
    expect(loadConfig({ REGISTRATIONS_PER_ADDRESS_HOUR: '60', REGISTRATIONS_PER_ADDRESS_DAY: '500' }, '/srv/app').registrationLimits).toEqual({ perHour: 60, perDay: 500 });
    expect(loadConfig({ REGISTRATIONS_PER_ADDRESS_HOUR: '1000' }, '/srv/app').registrationLimits).toEqual({ perHour: 1000, perDay: 1000 });
  });

  it('loadConfig: report caps per client address -> 10 an hour and 50 a day unless set; a day never below the hour', () => {
    expect(loadConfig({}, '/srv/app').reportLimits).toEqual({ perHour: 10, perDay: 50 });
    expect(loadConfig({ REPORTS_PER_ADDRESS_HOUR: '200' }, '/srv/app').reportLimits).toEqual({ perHour: 200, perDay: 200 });
  });

  it('loadConfig: STORAGE_DRIVER=s3 with an endpoint -> S3 settings, path-style by default, region us-east-1', () => {
    const config = loadConfig(
      {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'tonieshelf-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'shelf',
        S3_SECRET_ACCESS_KEY: 'secret-key',
      },
      '/srv/app',
    );
    expect(config.storageDriver).toBe('s3');
    expect(config.s3).toEqual({
      bucket: 'tonieshelf-uploads',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'shelf',
      secretAccessKey: 'secret-key',
      forcePathStyle: true,
    });
  });

  it('loadConfig: STORAGE_DRIVER=s3 on AWS (no endpoint) -> virtual-host style unless S3_FORCE_PATH_STYLE says otherwise', () => {
    const aws = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf-bucket', S3_REGION: 'eu-central-1' }, '/srv/app');
    expect(aws.s3).toMatchObject({ region: 'eu-central-1', endpoint: undefined, forcePathStyle: false, accessKeyId: undefined });
    const forced = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf-bucket', S3_FORCE_PATH_STYLE: '1' }, '/srv/app');
    expect(forced.s3?.forcePathStyle).toBe(true);
    const virtual = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf-bucket', S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' }, '/srv/app');
    expect(virtual.s3?.forcePathStyle).toBe(false);
  });

  it('loadConfig: S3 settings without STORAGE_DRIVER=s3 -> local storage, no s3 settings', () => {
    expect(loadConfig({ S3_BUCKET: 'shelf-bucket' }, '/srv/app')).toMatchObject({ storageDriver: 'local', s3: undefined });
  });

  it('loadConfig: valid values -> parsed and normalised', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db:5432/shelf',
        DATA_DIR: '/var/lib/tonieshelf',
        PUBLIC_ORIGIN: 'https://shelf.example/some/path',
        NODE_ENV: 'development',
        SEED_DEMO: 'off',
      },
      '/srv/app',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/shelf');
    expect(config.dataDir).toBe('/var/lib/tonieshelf');
    expect(config.publicOrigin).toBe('https://shelf.example');
    expect(config.nodeEnv).toBe('development');
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid PORT ("abc"): must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'Invalid PORT ("70000"): must be a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid DATABASE_URL ("mysql://x"): must be a postgres:// or postgresql:// URL'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid SEED_DEMO ("maybe"): must be one of 1, 0, true, false, yes, no, on, off'],
    [{ CACHE_TTL_SECONDS: '-1' }, 'Invalid CACHE_TTL_SECONDS ("-1"): must be a number of seconds from 0 to 3600'],
    [{ NODE_ENV: 'staging' }, 'Invalid NODE_ENV ("staging"): must be development, production or test'],
    [{ REGISTRATIONS_PER_ADDRESS_HOUR: '0' }, 'Invalid REGISTRATIONS_PER_ADDRESS_HOUR ("0"): must be a whole number from 1 to 100000'],
    [{ REGISTRATIONS_PER_ADDRESS_DAY: 'lots' }, 'Invalid REGISTRATIONS_PER_ADDRESS_DAY ("lots"): must be a whole number from 1 to 100000'],
    [{ REPORTS_PER_ADDRESS_HOUR: '2.5' }, 'Invalid REPORTS_PER_ADDRESS_HOUR ("2.5"): must be a whole number from 1 to 100000'],
    [{ PUBLIC_ORIGIN: 'ftp://x' }, 'Invalid PUBLIC_ORIGIN ("ftp://x"): must be an http:// or https:// origin'],
    [{ STORAGE_DRIVER: 'gcs' }, 'Invalid STORAGE_DRIVER ("gcs"): must be local or s3'],
    [{ STORAGE_DRIVER: 's3' }, 'Invalid S3_BUCKET: must be set when STORAGE_DRIVER is s3'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: '' }, 'Invalid S3_BUCKET: must be set when STORAGE_DRIVER is s3'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' }, 'Invalid S3_BUCKET ("Bad_Bucket"): must be a bucket name of 3 to 63'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf', S3_ENDPOINT: 'minio:9000' }, 'Invalid S3_ENDPOINT ("minio:9000"): must be an http:// or https:// URL'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf', S3_ACCESS_KEY_ID: 'k' }, 'Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'shelf', S3_FORCE_PATH_STYLE: 'sometimes' }, 'Invalid S3_FORCE_PATH_STYLE ("sometimes"): must be one of'],
    [{ DATABASE_REPLICA_URL: 'postgres://r@replica/shelf' }, 'Invalid DATABASE_REPLICA_URL: read replicas need DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://u@db/shelf', DATABASE_REPLICA_URL: 'postgres://r:secret@one/shelf, mysql://r:hidden@two/shelf' },
      'Invalid DATABASE_REPLICA_URL ("postgres://r:***@one/shelf, mysql://r:***@two/shelf"): must be postgres:// or postgresql:// URLs, separated by commas',
    ],
  ])('loadConfig: bad value %o -> ConfigError naming the variable', (env, message) => {
    expect(() => loadConfig(env, '/srv/app')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv/app')).toThrow(message);
  });
});

describe('DATABASE_REPLICA_URL', () => {
  it('one URL or several, separated by commas; unset: none', () => {
    const primary = { DATABASE_URL: 'postgres://u@db/shelf' };
    expect(loadConfig(primary, '/srv/app').databaseReplicaUrls).toEqual([]);
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URL: 'postgres://r@replica1/shelf' }, '/srv/app').databaseReplicaUrls).toEqual(['postgres://r@replica1/shelf']);
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URL: ' postgres://r@a/shelf ,postgresql://r@b/shelf,' }, '/srv/app').databaseReplicaUrls).toEqual([
      'postgres://r@a/shelf',
      'postgresql://r@b/shelf',
    ]);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it.each([
    ['postgres://postgres@127.0.0.1:5432/shelf', true],
    ['postgres://postgres@127.0.0.2/shelf', true],
    ['postgres://u:p@localhost/shelf', true],
    ['postgresql://u@[::1]:5432/shelf', true],
    ['postgres:///shelf?host=/run/postgresql', true],
    ['postgres://u@%2Frun%2Fpostgresql/shelf', true],
    ['postgres://u@LOCALHOST/shelf', true],
    ['postgres://u@[::ffff:127.0.0.1]/shelf', true],
    ['postgres://u@[::ffff:10.0.0.5]/shelf', false],
    ['postgres://localhost/shelf?host=db.example.com', false],
    ['postgres:///shelf?host=db.example.com', false],
    ['postgres://db.example.com/shelf?host=127.0.0.1', true],
    ['postgres://u@db:5432/shelf', false],
    ['postgres://u@10.0.0.5/shelf', false],
    ['postgres://u@128.0.0.1/shelf', false],
    ['postgres://u@db.example.com/shelf', false],
  ])('isLocalDatabase(%s) -> %s', (url, local) => {
    expect(isLocalDatabase(url)).toBe(local);
  });

  it('isLocalDatabase: no host in the URL -> PGHOST, else localhost (as node-postgres reads it)', () => {
    expect(isLocalDatabase('postgres:///shelf', {})).toBe(true);
    expect(isLocalDatabase('postgres:///shelf', { PGHOST: 'db.example.com' })).toBe(false);
    expect(isLocalDatabase('postgres:///shelf', { PGHOST: '/var/run/postgresql' })).toBe(true);
  });

  it('defaultPoolSize: PostgreSQL on this machine -> twice the cores, at least 4, at most 10; elsewhere or embedded -> 10', () => {
    const local = 'postgres://postgres@127.0.0.1:5432/shelf';
    expect(defaultPoolSize(local, 1)).toBe(4);
    expect(defaultPoolSize(local, 2)).toBe(4);
    expect(defaultPoolSize(local, 4)).toBe(8);
    expect(defaultPoolSize(local, 16)).toBe(10);
    expect(defaultPoolSize('postgres://u@db:5432/shelf', 2)).toBe(10);
    expect(defaultPoolSize(undefined, 2)).toBe(10);
  });

  it('loadConfig: DATABASE_POOL_SIZE set -> that many connections wherever PostgreSQL runs; unset -> the default for its place', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shelf', DATABASE_POOL_SIZE: '25' }, '/srv/app').databasePoolSize).toBe(25);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shelf', DATABASE_POOL_SIZE: '1' }, '/srv/app').databasePoolSize).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shelf' }, '/srv/app').databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shelf' }, '/srv/app').databasePoolSize).toBe(Math.min(10, Math.max(4, 2 * availableParallelism())));
  });

  it.each(['0', '101', '2.5', 'many'])('loadConfig: DATABASE_POOL_SIZE=%s -> a clear error', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value }, '/srv/app')).toThrow(`Invalid DATABASE_POOL_SIZE ("${value}"): must be a whole number of connections from 1 to 100`);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [{}, false],
    [{ PUBLIC_ORIGIN: 'https://shelf.example' }, false],
    [{ TRUST_PROXY: 'off' }, false],
    [{ TRUST_PROXY: '0' }, false],
    [{ TRUST_PROXY: '1' }, 1],
    [{ TRUST_PROXY: '2' }, 2],
    [{ TRUST_PROXY: '10.0.0.5' }, ['10.0.0.5']],
    [{ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,  ::1, loopback' }, ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']],
  ])('loadConfig: %o -> trustProxy %o (off unless set: PUBLIC_ORIGIN alone trusts no proxy)', (env, expected) => {
    expect(loadConfig(env, '/srv/app').trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes-please', '11', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2'])('loadConfig: TRUST_PROXY=%s -> ConfigError naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, '/srv/app')).toThrow(`Invalid TRUST_PROXY ("${value}"): must be off, a number of proxy hops from 1 to 10`);
  });
});

describe('disk reserve and upload limits', () => {
  it('loadConfig: unset -> 200 MB reserve; 1024 MB stored, 200 MB pending, 60 an hour, 2 at once, 30 s idle, 8 s grace', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.diskReserveBytes).toBe(200 * 1024 * 1024);
    expect(c.uploadLimits).toEqual({
      storedBytes: 1024 * 1024 * 1024,
      pendingBytes: 200 * 1024 * 1024,
      perHour: 60,
      inFlight: 2,
      idleTimeoutMs: 30_000,
      shutdownGraceMs: 8000,
    });
  });

  it('loadConfig: set -> used; DISK_RESERVE_MB=0 turns the check off', () => {
    const c = loadConfig(
      {
        DISK_RESERVE_MB: '0',
        UPLOAD_QUOTA_MB: '500',
        PENDING_UPLOAD_QUOTA_MB: '50',
        UPLOADS_PER_HOUR: '10',
        UPLOADS_IN_FLIGHT: '1',
        UPLOAD_IDLE_TIMEOUT_SECONDS: '5',
        SHUTDOWN_UPLOAD_GRACE_SECONDS: '0',
      },
      '/srv/app',
    );
    expect(c.diskReserveBytes).toBe(0);
    expect(c.uploadLimits).toEqual({ storedBytes: 500 * 1024 * 1024, pendingBytes: 50 * 1024 * 1024, perHour: 10, inFlight: 1, idleTimeoutMs: 5000, shutdownGraceMs: 0 });
  });

  it.each([
    [{ DISK_RESERVE_MB: 'lots' }, 'Invalid DISK_RESERVE_MB ("lots"): must be a whole number of megabytes from 0 to 1048576'],
    [{ UPLOAD_QUOTA_MB: '0' }, 'Invalid UPLOAD_QUOTA_MB ("0"): must be a whole number of megabytes from 1 to 1048576'],
    [{ UPLOADS_PER_HOUR: '2.5' }, 'Invalid UPLOADS_PER_HOUR ("2.5"): must be a whole number of uploads from 1 to 100000'],
    [{ UPLOADS_IN_FLIGHT: '-1' }, 'Invalid UPLOADS_IN_FLIGHT ("-1"): must be a whole number of uploads from 1 to 100'],
    [{ UPLOAD_IDLE_TIMEOUT_SECONDS: '0' }, 'Invalid UPLOAD_IDLE_TIMEOUT_SECONDS ("0"): must be a whole number of seconds from 1 to 3600'],
    [{ DATABASE_REPLICA_URL: 'postgres://r@replica/shelf' }, 'Invalid DATABASE_REPLICA_URL: read replicas need DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://u@db/shelf', DATABASE_REPLICA_URL: 'postgres://r:secret@one/shelf, mysql://r:hidden@two/shelf' },
      'Invalid DATABASE_REPLICA_URL ("postgres://r:***@one/shelf, mysql://r:***@two/shelf"): must be postgres:// or postgresql:// URLs, separated by commas',
    ],
  ])('loadConfig: bad value %o -> ConfigError naming the variable', (env, message) => {
    expect(() => loadConfig(env, '/srv/app')).toThrow(message);
  });
});

describe('mail settings', () => {
  it("loadConfig: SMTP_URL and MAIL_FROM unset -> no SMTP (mail goes to DATA_DIR/mail); sender on the public origin's host, or localhost", () => {
    expect(loadConfig({}, '/srv/app')).toMatchObject({ smtpUrl: undefined, mailFrom: 'TonieShelf <no-reply@localhost>' });
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shelf.example:8443', SMTP_URL: '' }, '/srv/app')).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'TonieShelf <no-reply@shelf.example>',
    });
  });

  it('loadConfig: smtp:// and smtps:// URLs, a bare address and a named one -> used as given', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://shelf:s3cret@mail.example:465', MAIL_FROM: '  TonieShelf Team <team@shelf.example> ' }, '/srv/app');
    expect(c.smtpUrl).toBe('smtps://shelf:s3cret@mail.example:465');
    expect(c.mailFrom).toBe('TonieShelf Team <team@shelf.example>');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'no-reply@localhost' }, '/srv/app')).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'no-reply@localhost',
    });
  });

  it.each([
    [{ SMTP_URL: 'mail.example:587' }, 'Invalid SMTP_URL ("mail.example:587"): must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587'],
    [{ SMTP_URL: 'https://mail.example' }, 'Invalid SMTP_URL ("https://mail.example"): must be an smtp:// or smtps:// URL'],
    [{ SMTP_URL: 'smtp://' }, 'Invalid SMTP_URL ("smtp://"): must be an smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'TonieShelf' }, 'Invalid MAIL_FROM ("TonieShelf"): must be one email address, optionally with a name'],
    [{ MAIL_FROM: 'a@shelf.example, b@shelf.example' }, 'Invalid MAIL_FROM ("a@shelf.example, b@shelf.example"): must be one email address'],
    [{ MAIL_FROM: 'TonieShelf <no-reply@shelf.example>\r\nBcc: x@evil.example' }, 'Invalid MAIL_FROM'],
  ])('loadConfig: bad mail setting %o -> ConfigError naming the variable', (env, message) => {
    expect(() => loadConfig(env, '/srv/app')).toThrow(message);
  });

  it('loadConfig: a bad SMTP_URL with a password -> the error line does not show the password', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'smtpx://shelf:pa/ss@word@mail.example' }, '/srv/app');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toBe('Invalid SMTP_URL ("smtpx://shelf:***@mail.example"): must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example:587');
  });

  it('loadConfig: CATALOGUE_SYNC_URL -> an http(s) URL or unset; anything else stops start-up with one line, no password shown', () => {
    expect(loadConfig({}, '/srv/app').catalogueSyncUrl).toBeUndefined();
    expect(loadConfig({ CATALOGUE_SYNC_URL: '  ' }, '/srv/app').catalogueSyncUrl).toBeUndefined();
    expect(loadConfig({ CATALOGUE_SYNC_URL: 'https://example.org/tonies/toniesV2.json' }, '/srv/app').catalogueSyncUrl).toBe('https://example.org/tonies/toniesV2.json');
    expect(loadConfig({ CATALOGUE_SYNC_URL: 'http://127.0.0.1:8080/toniesV2.json' }, '/srv/app').catalogueSyncUrl).toBe('http://127.0.0.1:8080/toniesV2.json');
    for (const bad of ['ftp://example.org/toniesV2.json', 'file:///srv/toniesV2.json', 'toniesV2.json', 'https://']) {
      expect(() => loadConfig({ CATALOGUE_SYNC_URL: bad }, '/srv/app'), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ CATALOGUE_SYNC_URL: 'ftp://me:s3cret@example.org/x.json' }, '/srv/app')).toThrow(
      'Invalid CATALOGUE_SYNC_URL ("ftp://me:***@example.org/x.json"): must be an http:// or https:// URL of a toniesV2.json, e.g. https://example.org/toniesV2.json, or empty',
    );
  });
});
