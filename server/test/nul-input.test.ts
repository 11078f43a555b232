// A NUL character (U+0000) in any text input answers 400 with a field message, never 500
// (PostgreSQL cannot store it). The cases are generated from the router: every procedure's input
// schema is read as JSON Schema, a valid input is built for it, and each text field (and each
// text item of a list) in turn gets a NUL. A new procedure or field is covered without a change
// here; one whose valid input cannot be built from its schema fails below until an example
// value is added to FIELD_VALUES. The REST shims are read from http/api.ts the same way.
import fs from 'node:fs';
import path from 'node:path';
import type { AnyTRPCProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { TEXT_MESSAGES } from '@tonieshelf/shared/values/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../src/trpc/router';
import type { JsonSchema } from './helpers/bad-input';
import { en } from './helpers/messages';
import { createTestApp, sameOrigin } from './helpers/app';
import { newUser, TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const NUL_TEXT = 'a\u0000b';
const VALID_TEXT = 'valid-text';
const SOME_UUID = '7d444840-9dc0-11d1-b245-5ffdce74fad2';

/** Values for fields whose valid form a JSON Schema does not spell out (patterns, piped formats). */
const FIELD_VALUES: Record<string, unknown> = {
  email: 'nul.check@example.com',
  phone: '+447700900123',
  code: '123456',
  'auth.verifyRecoveryCode.code': 'abcde-fghij',
  sessionId: 'a'.repeat(64),
  username: 'nul_check',
  q: 'abc',
  token: 'a'.repeat(32),
  newEmail: 'nul.new@example.com',
  contentUrl: '/audio/discover?audio=1',
  'report.create.goodFaith': true,
  // A language tag such as the catalogue stores ('de-DE').
  'tonie.list.languages': 'de-DE',
  'tonie.categories.languages': 'de-DE',
};

/** A valid value for a schema (the first usable branch of a union). */
function sample(schema: JsonSchema, key: string, procedure: string): unknown {
  const named = FIELD_VALUES[`${procedure}.${key}`] ?? FIELD_VALUES[key];
  if (named !== undefined) return named;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const usable = branches.find((b) => b.type !== 'null' && b.const === undefined) ?? branches[0]!;
    return sample(usable, key, procedure);
  }
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k, procedure)]));
    case 'array':
      return [sample(schema.items ?? {}, key, procedure)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid' || schema.format === 'guid') return SOME_UUID;
      if (schema.format === 'email') return FIELD_VALUES.email;
      return VALID_TEXT.padEnd(Math.max(schema.minLength ?? 0, VALID_TEXT.length), 'x').slice(0, schema.maxLength ?? 1000);
    default:
      return VALID_TEXT;
  }
}

interface NulCase {
  procedure: string;
  type: 'query' | 'mutation';
  field: string;
  /** 'text' or 'list item': where the NUL goes. */
  shape: 'text' | 'list item';
  valid: Record<string, unknown>;
  input: Record<string, unknown>;
}

const accepts = (s: JsonSchema, type: string): boolean => s.type === type || Boolean((s.anyOf ?? s.oneOf)?.some((b) => accepts(b, type)));
const listOf = (s: JsonSchema): JsonSchema | undefined => (s.type === 'array' ? s : (s.anyOf ?? s.oneOf)?.find((b) => b.type === 'array'));

/** The router's procedures by path ('tonie.list', ...): tRPC keeps them flat in _def.procedures. */
const PROCEDURES = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;

function procedures(): [string, AnyTRPCProcedure][] {
  return Object.entries(PROCEDURES);
}

function inputSchemaOf(procedure: AnyTRPCProcedure): z.ZodType | undefined {
  const inputs = (procedure._def as { inputs?: unknown[] }).inputs ?? [];
  return inputs[0] as z.ZodType | undefined;
}

/** Every (procedure, text field) pair of the router, each with a valid input and the same input with a NUL. */
function nulCases(): NulCase[] {
  const cases: NulCase[] = [];
  for (const [name, procedure] of procedures()) {
    const schema = inputSchemaOf(procedure);
    if (!schema) continue;
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const type = (procedure._def as { type: 'query' | 'mutation' }).type;
    for (const variant of json.oneOf ?? json.anyOf ?? [json]) {
      const valid = sample(variant, '', name) as Record<string, unknown>;
      for (const [field, fieldSchema] of Object.entries(variant.properties ?? {})) {
        if (accepts(fieldSchema, 'string') && fieldSchema.const === undefined) {
          cases.push({ procedure: name, type, field, shape: 'text', valid, input: { ...valid, [field]: NUL_TEXT } });
        }
        const list = listOf(fieldSchema);
        if (list?.items && accepts(list.items, 'string')) {
          cases.push({ procedure: name, type, field, shape: 'list item', valid, input: { ...valid, [field]: [VALID_TEXT, NUL_TEXT] } });
        }
      }
    }
  }
  return cases;
}

const CASES = nulCases();

let database: TestDatabase;
let app: FastifyInstance;
let client: TestClient;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  client = new TestClient(database);
  await (await client.caller()).auth.register(newUser());
  cookie = `tonieshelf_session=${client.token}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('NUL characters: the generated cases', () => {
  it('covers every procedure that takes text, and at least the known text inputs', () => {
    const covered = new Set(CASES.map((c) => c.procedure));
    for (const [name, procedure] of procedures()) {
      const schema = inputSchemaOf(procedure);
      if (!schema) continue;
      // A procedure whose input holds no text (ids, numbers) cannot carry a NUL into the database.
      const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
      if (json.includes('"string"') && !json.match(/"type":"string","(const|enum)"/)) expect(covered, name).toContain(name);
    }
    expect(CASES.length).toBeGreaterThan(40);
    for (const expected of [
      'tonie.list.search',
      'tonie.list.category',
      'auth.register.firstName',
      'audio.create.title',
      'review.create.review',
      'auth.enrollFactor.friendly_name',
    ]) {
      expect(CASES.map((c) => `${c.procedure}.${c.field}`)).toContain(expected);
    }
  });

  it.each(CASES.filter((c, i, all) => all.findIndex((o) => o.procedure === c.procedure && o.valid === c.valid) === i).map((c) => [c.procedure, c]))(
    '%s: the built input without a NUL passes its schema',
    (_name, c) => {
      const schema = inputSchemaOf(PROCEDURES[c.procedure]!)!;
      const parsed = schema.safeParse(c.valid);
      expect(parsed.success, `${c.procedure}: ${parsed.error ? z.prettifyError(parsed.error) : ''}`).toBe(true);
    },
  );
});

describe('NUL characters through createCaller -> BAD_REQUEST with a field message', () => {
  it.each(CASES.map((c) => [`${c.procedure} ${c.field} (${c.shape})`, c]))('%s', async (_name, c) => {
    const caller = (await client.caller()) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const [scope, name] = c.procedure.split('.') as [string, string];
    let error: unknown;
    try {
      await caller[scope]![name]!(c.input);
    } catch (err) {
      error = err;
    }
    expect(error, 'the call must fail').toBeInstanceOf(TRPCError);
    const trpcError = error as TRPCError;
    expect(trpcError.code).toBe('BAD_REQUEST');
    const cause = trpcError.cause as z.ZodError;
    const messages = cause.issues.filter((i) => i.path[0] === c.field).map((i) => i.message);
    expect(messages.length, `a message for ${c.field}`).toBeGreaterThan(0);
  });

  it('plain text fields answer the NUL rule’s own message', async () => {
    const api = await client.caller();
    for (const call of [
      () => api.tonie.list({ search: NUL_TEXT }),
      () => api.audio.create({ title: NUL_TEXT, filePath: 'audio/x.mp3', licence: 'cc-by-4.0', rightsConfirmed: true }),
      () => api.review.create({ tonieId: 1, rating: 5, review: NUL_TEXT }),
      () => api.auth.changePassword({ currentPassword: NUL_TEXT, newPassword: 'purple-otter-runs', confirmPassword: 'purple-otter-runs' }),
    ]) {
      const err = await call().then(
        () => null,
        (e: TRPCError) => e,
      );
      expect(err?.code).toBe('BAD_REQUEST');
      expect((err?.cause as z.ZodError | undefined)?.issues.map((i) => i.message)).toContain(TEXT_MESSAGES.nul);
    }
  });
});

describe('NUL characters over HTTP -> 400 with field messages, never 500', () => {
  it.each(CASES.map((c) => [`/trpc/${c.procedure} ${c.field} (${c.shape})`, c]))('%s', async (_name, c) => {
    const res =
      c.type === 'query'
        ? await app.inject({ method: 'GET', url: `/trpc/${c.procedure}?input=${encodeURIComponent(JSON.stringify(c.input))}`, headers: { cookie } })
        : await app.inject({ method: 'POST', url: `/trpc/${c.procedure}`, headers: { ...sameOrigin, cookie }, payload: c.input as object });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.fieldErrors[c.field]?.length).toBeGreaterThan(0);
  });

  /** Every /api route with a text input, as a request carrying a NUL in it. */
  const REST_CASES: Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; field: string }[]> = {
    'GET /api/tonies': [
      { method: 'GET', url: '/api/tonies?search=a%00b', field: 'search' },
      { method: 'GET', url: '/api/tonies?category=a%00b', field: 'category' },
      { method: 'GET', url: '/api/tonies?tags=a%00b', field: 'tags' },
      { method: 'GET', url: '/api/tonies?languages=a%00b', field: 'languages' },
      { method: 'GET', url: '/api/tonies?series=a%00b', field: 'series' },
    ],
    'GET /api/series/:name': [{ method: 'GET', url: '/api/series/a%00b', field: 'name' }],
    'GET /api/tonies/search': [{ method: 'GET', url: '/api/tonies/search?q=a%00b', field: 'search' }],
    'GET /api/tonies/category/:category': [{ method: 'GET', url: '/api/tonies/category/a%00b', field: 'category' }],
    'POST /api/tonies/:id/ratings': [
      { method: 'POST', url: '/api/tonies/1/ratings', payload: { rating: 5, review: NUL_TEXT }, field: 'review' },
      { method: 'POST', url: '/api/tonies/1/ratings', payload: { rating: 5, tags: [NUL_TEXT] }, field: 'tags' },
    ],
    'PATCH /api/tonies/:id/ratings/mine': [
      { method: 'PATCH', url: '/api/tonies/1/ratings/mine', payload: { rating: 5, review: NUL_TEXT }, field: 'review' },
      { method: 'PATCH', url: '/api/tonies/1/ratings/mine', payload: { tags: [NUL_TEXT] }, field: 'tags' },
    ],
    'GET /api/audio-files': [
      { method: 'GET', url: '/api/audio-files?search=a%00b', field: 'search' },
      { method: 'GET', url: '/api/audio-files?tags=a%00b', field: 'tags' },
    ],
    'GET /api/audio-files/user/:userId': [{ method: 'GET', url: '/api/audio-files/user/a%00b', field: 'userId' }],
    'POST /api/audio-files': [
      { method: 'POST', url: '/api/audio-files', payload: { title: NUL_TEXT, filePath: 'audio/x.mp3', licence: 'cc-by-4.0', rightsConfirmed: true }, field: 'title' },
      { method: 'POST', url: '/api/audio-files', payload: { title: 'A title', filePath: NUL_TEXT, licence: 'cc-by-4.0', rightsConfirmed: true }, field: 'filePath' },
    ],
    'POST /api/reports': [
      {
        method: 'POST',
        url: '/api/reports',
        payload: { kind: 'bug', explanation: `Broken ${NUL_TEXT} page`, name: 'Nul Check', email: 'nul.check@example.com' },
        field: 'explanation',
      },
      { method: 'POST', url: '/api/reports', payload: { kind: 'bug', explanation: 'The page is broken', name: NUL_TEXT, email: 'nul.check@example.com' }, field: 'name' },
    ],
    'PATCH /api/audio-files/:id': [{ method: 'PATCH', url: '/api/audio-files/1', payload: { description: NUL_TEXT }, field: 'description' }],
    'GET /api/sets': [
      { method: 'GET', url: '/api/sets?search=a%00b', field: 'search' },
      { method: 'GET', url: '/api/sets?tags=a%00b', field: 'tags' },
    ],
    'GET /api/sets/mine': [{ method: 'GET', url: '/api/sets/mine?search=a%00b', field: 'search' }],
    'POST /api/sets': [
      { method: 'POST', url: '/api/sets', payload: { title: NUL_TEXT }, field: 'title' },
      { method: 'POST', url: '/api/sets', payload: { title: 'A set', tags: [NUL_TEXT] }, field: 'tags' },
      { method: 'POST', url: '/api/sets', payload: { title: 'A set', coverPath: NUL_TEXT }, field: 'coverPath' },
    ],
    'PATCH /api/sets/:id': [{ method: 'PATCH', url: '/api/sets/1', payload: { description: NUL_TEXT }, field: 'description' }],
    'POST /api/auth/register': [{ method: 'POST', url: '/api/auth/register', payload: { ...newUser(), lastName: NUL_TEXT }, field: 'lastName' }],
    'POST /api/auth/login': [{ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: `pass${NUL_TEXT}word` }, field: 'password' }],
    'POST /api/auth/factors': [{ method: 'POST', url: '/api/auth/factors', payload: { factor_type: 'totp', friendly_name: NUL_TEXT }, field: 'friendly_name' }],
    'DELETE /api/auth/factors/:id': [{ method: 'DELETE', url: `/api/auth/factors/${SOME_UUID}`, payload: { code: NUL_TEXT }, field: 'code' }],
    'POST /api/auth/factors/:id/challenge': [{ method: 'POST', url: '/api/auth/factors/a%00b/challenge', payload: {}, field: 'factorId' }],
    'POST /api/auth/factors/:id/verify': [{ method: 'POST', url: `/api/auth/factors/${SOME_UUID}/verify`, payload: { challenge_id: SOME_UUID, code: NUL_TEXT }, field: 'code' }],
    'POST /api/auth/recovery': [{ method: 'POST', url: '/api/auth/recovery', payload: { code: NUL_TEXT }, field: 'code' }],
    'DELETE /api/auth/sessions/:id': [{ method: 'DELETE', url: '/api/auth/sessions/a%00b', field: 'sessionId' }],
    'POST /api/auth/forgot-password': [{ method: 'POST', url: '/api/auth/forgot-password', payload: { email: `a${NUL_TEXT}@example.com` }, field: 'email' }],
    'POST /api/auth/reset-password': [
      { method: 'POST', url: '/api/auth/reset-password', payload: { token: NUL_TEXT, newPassword: 'purple-otter-runs', confirmPassword: 'purple-otter-runs' }, field: 'token' },
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'a'.repeat(32), newPassword: `purple${NUL_TEXT}otter`, confirmPassword: 'purple-otter-runs' },
        field: 'newPassword',
      },
    ],
    'POST /api/auth/verify-email': [{ method: 'POST', url: '/api/auth/verify-email', payload: { token: NUL_TEXT }, field: 'token' }],
    'POST /api/account/email': [
      { method: 'POST', url: '/api/account/email', payload: { newEmail: `a${NUL_TEXT}@example.com`, password: 'purple-otter-runs' }, field: 'newEmail' },
      { method: 'POST', url: '/api/account/email', payload: { newEmail: 'a@example.com', password: NUL_TEXT }, field: 'password' },
    ],
    'DELETE /api/account': [{ method: 'DELETE', url: '/api/account', payload: { password: NUL_TEXT, keepReviews: true }, field: 'password' }],
    'POST /api/auth/password': [
      {
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: NUL_TEXT, newPassword: 'purple-otter-runs', confirmPassword: 'purple-otter-runs' },
        field: 'currentPassword',
      },
    ],
    // Shelves: the shelf of the path, the ids of the states, the CSV of an import, a share token.
    'GET /api/shelves/states': [{ method: 'GET', url: '/api/shelves/states?tonieIds=1,a%00b', field: 'tonieIds' }],
    'PUT /api/shelves/:shelf/:tonieId': [{ method: 'PUT', url: '/api/shelves/a%00b/1', field: 'shelf' }],
    'DELETE /api/shelves/:shelf/:tonieId': [{ method: 'DELETE', url: '/api/shelves/a%00b/1', field: 'shelf' }],
    'POST /api/shelves/:shelf/import': [
      { method: 'POST', url: '/api/shelves/own/import', payload: { csv: `article\n${NUL_TEXT}` }, field: 'csv' },
      { method: 'POST', url: '/api/shelves/a%00b/import', payload: { csv: 'article\n10000001' }, field: 'shelf' },
    ],
    'PUT /api/shelves/:shelf/share': [{ method: 'PUT', url: '/api/shelves/a%00b/share', field: 'shelf' }],
    'DELETE /api/shelves/:shelf/share': [{ method: 'DELETE', url: '/api/shelves/a%00b/share', field: 'shelf' }],
    'POST /api/shelves/:shelf/share/renew': [{ method: 'POST', url: '/api/shelves/a%00b/share/renew', field: 'shelf' }],
    'GET /api/shared-shelves/:token': [{ method: 'GET', url: '/api/shared-shelves/a%00b', field: 'token' }],
    // Profiles: the username (and shelf) of the path, the public shelves of the settings.
    'PATCH /api/profile/settings': [{ method: 'PATCH', url: '/api/profile/settings', payload: { publicShelves: [NUL_TEXT] }, field: 'publicShelves' }],
    'GET /api/users/:username': [{ method: 'GET', url: '/api/users/a%00b', field: 'username' }],
    'POST /api/sets/:id/uploads': [
      {
        method: 'POST',
        url: '/api/sets/1/uploads',
        payload: { licence: 'cc-by-4.0', rightsConfirmed: true, uploads: [{ filePath: NUL_TEXT, title: 'A chapter' }] },
        field: 'uploads',
      },
    ],
    'GET /api/users/:username/reviews': [{ method: 'GET', url: '/api/users/a%00b/reviews', field: 'username' }],
    'GET /api/users/:username/audio': [{ method: 'GET', url: '/api/users/a%00b/audio', field: 'username' }],
    'GET /api/users/:username/sets': [{ method: 'GET', url: '/api/users/a%00b/sets', field: 'username' }],
    'GET /api/users/:username/shelves/:shelf': [
      { method: 'GET', url: '/api/users/a%00b/shelves/own', field: 'username' },
      { method: 'GET', url: '/api/users/nul_check/shelves/a%00b', field: 'shelf' },
    ],
  };
  /** Routes without text input (ids are numbers; no body or query), or whose parameter is checked before any text use. */
  const NO_TEXT_INPUT = new Set([
    'GET /api/tags',
    'GET /api/tags/groups',
    'GET /api/tonies/languages',
    'GET /api/tonies/categories',
    'GET /api/tonies/:id',
    'GET /api/tonies/:id/ratings',
    'GET /api/tonies/:id/ratings/summary',
    'GET /api/tonies/:id/ratings/mine',
    'DELETE /api/tonies/:id/ratings/mine',
    'GET /api/audio-tags',
    // The path's user id is only compared with the session's (403 when it differs): see below.
    'GET /api/audio-files/liked/:userId',
    'GET /api/audio-files/:id',
    'DELETE /api/audio-files/:id',
    'POST /api/audio-files/:id/like',
    'POST /api/audio-files/:id/download',
    'GET /api/audio-files/:id/waveform',
    'GET /api/sets/:id',
    'DELETE /api/sets/:id',
    'POST /api/sets/:id/chapters',
    'DELETE /api/sets/:id/chapters/:audioFileId',
    'DELETE /api/sets/:id/notices',
    'POST /api/sets/:id/like',
    'POST /api/auth/logout',
    'GET /api/auth/me',
    'GET /api/auth/factors',
    'GET /api/auth/recovery-codes',
    'POST /api/auth/recovery-codes',
    'GET /api/auth/sessions',
    'POST /api/auth/sessions/sign-out-others',
    'POST /api/auth/verify-email/resend',
    'GET /api/account/email',
    'GET /api/account/export',
    'GET /api/site',
    'PUT /api/sets/:id/chapters',
    'GET /api/tonies/:id/ratings/votes',
    'PUT /api/ratings/:id/helpful',
    'DELETE /api/ratings/:id/helpful',
    'GET /api/shelves/summary',
    'GET /api/shelves/sharing',
    'GET /api/profile/settings',
  ]);

  it('every /api route of http/api.ts is listed here', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../src/http/api.ts'), 'utf8');
    const routes = [...source.matchAll(/app\.(get|post|put|patch|delete)(?:<[^(]*?>)?\(\s*'([^']+)'/gs)].map((m) => `${m[1]!.toUpperCase()} ${m[2]}`);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) expect(route in REST_CASES || NO_TEXT_INPUT.has(route), `${route}: add its text inputs to REST_CASES`).toBe(true);
  });

  it.each(Object.entries(REST_CASES).flatMap(([route, cases]) => cases.map((c) => [`${route} ${c.field}`, c] as const)))('%s -> 400', async (_name, c) => {
    const res = await app.inject({
      method: c.method,
      url: c.url,
      headers: { ...(c.method === 'GET' ? {} : sameOrigin), cookie },
      ...(c.payload ? { payload: c.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.fieldErrors?.[c.field]?.length, res.body).toBeGreaterThan(0);
  });

  it("GET /api/audio-files/liked/a%00b -> 403 (only one's own likes), never 500", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/audio-files/liked/a%00b', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('GET /api/tonies?search=a%00b -> 400 with the NUL message for search', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tonies?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.search).toEqual([en(TEXT_MESSAGES.nul)]);
  });
});
