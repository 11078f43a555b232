import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    });
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
    [{ PUBLIC_ORIGIN: 'ftp://x' }, 'Invalid PUBLIC_ORIGIN ("ftp://x"): must be an http:// or https:// origin'],
  ])('loadConfig: bad value %o -> ConfigError naming the variable', (env, message) => {
    expect(() => loadConfig(env, '/srv/app')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv/app')).toThrow(message);
  });
});
