// Configuration: process.env parsed once with zod. A bad value stops start-up with one clear
// line naming the variable and what is wrong.
import path from 'node:path';
import { z } from 'zod';

const flag = (defaultValue: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
      error: 'must be one of 1, 0, true, false, yes, no, on, off',
    })
    .optional()
    .transform((v) => (v === undefined ? defaultValue : ['1', 'true', 'yes', 'on'].includes(v)));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

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
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  PUBLIC_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin, e.g. https://tonieshelf.example' })
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('production'),
  ),
  SEED_DEMO: z.preprocess(emptyAsUndefined, flag(true)),
  CACHE_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 0 to 3600' })
      .min(0, { error: 'must be a number of seconds from 0 to 3600' })
      .max(3600, { error: 'must be a number of seconds from 0 to 3600' })
      .default(10),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    }).default('info'),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where the embedded database lives: 'memory' or a directory. */
  pgliteDir: string;
  /** The origin browsers use to reach the app; undefined accepts the request's own Host. */
  publicOrigin: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** How long public catalogue reads are cached in memory; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Directory of the built client (index.html and assets); served when it exists. */
  clientDist: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(`Invalid ${name}${value !== undefined ? ` ("${value}")` : ''}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    publicOrigin: e.PUBLIC_ORIGIN,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    cacheTtlMs: e.CACHE_TTL_SECONDS * 1000,
    clientDist: path.resolve(import.meta.dirname, '../../client/dist'),
  };
}
