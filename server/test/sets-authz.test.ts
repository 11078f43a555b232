// Who may do what with a set: every `set` procedure and its /api/sets shim, called as an
// anonymous visitor, another signed-in user, the set's owner and a moderator, on a draft, a
// published and a hidden set (hidden by moderators), each cell its own test asserting the HTTP
// status (the procedure's tRPC code mapped as the shims map it). Every cell gets a fresh set, so
// a successful write in one cell does not change what the next meets.
import type { FastifyInstance } from 'fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouter } from '../src/trpc/routers/sets';
import { createTestApp, sameOrigin } from './helpers/app';
import { TestClient } from './helpers/auth';
import { signedInUser, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

type Actor = 'anonymous' | 'other' | 'owner' | 'moderator';
type State = 'draft' | 'published' | 'hidden';
const ACTORS: Actor[] = ['anonymous', 'other', 'owner', 'moderator'];
const STATES: State[] = ['draft', 'published', 'hidden'];

let people: Record<Exclude<Actor, 'anonymous'>, SignedInUser>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  people = { owner: await signedInUser(database), other: await signedInUser(database), moderator: await signedInUser(database, { role: 'moderator' }) };
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

let fileSeq = 0;
async function ownerFile(): Promise<number> {
  fileSeq += 1;
  const row = await database.db
    .insertInto('audio_files')
    .values({
      user_id: people.owner.id,
      title: `Authz chapter ${fileSeq}`,
      status: 'published',
      published_at: new Date(),
      file_path: `audio-files/${people.owner.id}/authz-${process.pid}-${fileSeq}.mp3`,
      file_name: 'chapter.mp3',
      file_size: 1000,
      mime_type: 'audio/mpeg',
      duration: 60,
      licence: 'cc-by-4.0',
      rights_confirmed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Fixture {
  id: number;
  chapters: [number, number];
  /** An audio file of the owner, not in the set. */
  spare: number;
  /** A pending audio upload of the owner. */
  upload: string;
}

/** A fresh set of the owner with two chapters, in `state`. */
async function freshSet(state: State): Promise<Fixture> {
  const chapters: [number, number] = [await ownerFile(), await ownerFile()];
  const spare = await ownerFile();
  const { id } = await database.db
    .insertInto('sets')
    .values({
      user_id: people.owner.id,
      title: `Authz set ${state} ${fileSeq}`,
      status: state === 'draft' ? 'draft' : 'published',
      published_at: state === 'draft' ? null : new Date(),
      hidden_at: state === 'hidden' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('set_chapters')
    .values(chapters.map((audio_file_id, i) => ({ set_id: id, audio_file_id, position: i + 1 })))
    .execute();
  const upload = `audio/${people.owner.id}/authz-upload-${process.pid}-${fileSeq}.mp3`;
  await database.db
    .insertInto('pending_uploads')
    .values({ user_id: people.owner.id, kind: 'audio', file_path: upload, file_name: 'upload.mp3', file_size: 1000, mime_type: 'audio/mpeg', duration: 60 })
    .execute();
  return { id, chapters, spare, upload };
}

type Api = Awaited<ReturnType<TestClient['caller']>>;
type Status = 200 | 201 | 401 | 403 | 404;

interface Rest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

interface Procedure {
  name: string;
  /** Whether the procedure is about one set (else the state column does not apply). */
  aboutSet: boolean;
  call: (api: Api, f: Fixture) => Promise<unknown>;
  rest: (f: Fixture) => Rest;
  expected: (actor: Actor, state: State) => Status;
  /** A successful REST answer's status, when not 200. */
  created?: boolean;
}

/** A set page: visible ones for everyone, the owner's own always, hidden published ones also for moderators. */
const READ = (actor: Actor, state: State): Status => {
  if (actor === 'owner' || state === 'published') return 200;
  return actor === 'moderator' && state === 'hidden' ? 200 : 404;
};
/** The owner's changes: sign-in first; NOT_FOUND when the set is invisible to the caller, FORBIDDEN when visible but not theirs. */
const WRITE = (actor: Actor, state: State): Status => {
  if (actor === 'anonymous') return 401;
  if (actor === 'owner') return 200;
  return state === 'published' ? 403 : 404;
};
/** Likes: signed in, on a set the caller may see (a visible one, or their own). */
const LIKE = (actor: Actor, state: State): Status => {
  if (actor === 'anonymous') return 401;
  return actor === 'owner' || state === 'published' ? 200 : 404;
};
const SIGNED_IN = (actor: Actor): Status => (actor === 'anonymous' ? 401 : 200);

/** addUploads' input but the set: the owner's pending upload, as a chapter. */
const UPLOADS = (f: Fixture) => ({ licence: 'cc-by-4.0' as const, rightsConfirmed: true as const, uploads: [{ filePath: f.upload, title: 'Uploaded chapter' }] });

const PROCEDURES: Procedure[] = [
  { name: 'list', aboutSet: false, call: (api) => api.set.list({}), rest: () => ({ method: 'GET', url: '/api/sets' }), expected: () => 200 },
  { name: 'mine', aboutSet: false, call: (api) => api.set.mine({}), rest: () => ({ method: 'GET', url: '/api/sets/mine' }), expected: SIGNED_IN },
  {
    name: 'create',
    aboutSet: false,
    created: true,
    call: (api) => api.set.create({ title: 'A new set' }),
    rest: () => ({ method: 'POST', url: '/api/sets', payload: { title: 'A new set' } }),
    expected: SIGNED_IN,
  },
  { name: 'byId', aboutSet: true, call: (api, f) => api.set.byId({ id: f.id }), rest: (f) => ({ method: 'GET', url: `/api/sets/${f.id}` }), expected: READ },
  {
    name: 'update',
    aboutSet: true,
    call: (api, f) => api.set.update({ id: f.id, title: 'Renamed set' }),
    rest: (f) => ({ method: 'PATCH', url: `/api/sets/${f.id}`, payload: { title: 'Renamed set' } }),
    expected: WRITE,
  },
  { name: 'delete', aboutSet: true, call: (api, f) => api.set.delete({ id: f.id }), rest: (f) => ({ method: 'DELETE', url: `/api/sets/${f.id}` }), expected: WRITE },
  {
    name: 'addChapters',
    aboutSet: true,
    call: (api, f) => api.set.addChapters({ id: f.id, audioFileIds: [f.spare] }),
    rest: (f) => ({ method: 'POST', url: `/api/sets/${f.id}/chapters`, payload: { audioFileIds: [f.spare] } }),
    expected: WRITE,
  },
  {
    name: 'addUploads',
    aboutSet: true,
    call: (api, f) => api.set.addUploads({ id: f.id, ...UPLOADS(f) }),
    rest: (f) => ({ method: 'POST', url: `/api/sets/${f.id}/uploads`, payload: UPLOADS(f) }),
    expected: WRITE,
  },
  {
    name: 'removeChapter',
    aboutSet: true,
    call: (api, f) => api.set.removeChapter({ id: f.id, audioFileId: f.chapters[0] }),
    rest: (f) => ({ method: 'DELETE', url: `/api/sets/${f.id}/chapters/${f.chapters[0]}` }),
    expected: WRITE,
  },
  {
    name: 'reorder',
    aboutSet: true,
    call: (api, f) => api.set.reorder({ id: f.id, audioFileIds: [f.chapters[1], f.chapters[0]] }),
    rest: (f) => ({ method: 'PUT', url: `/api/sets/${f.id}/chapters`, payload: { audioFileIds: [f.chapters[1], f.chapters[0]] } }),
    expected: WRITE,
  },
  {
    name: 'dismissNotices',
    aboutSet: true,
    call: (api, f) => api.set.dismissNotices({ id: f.id }),
    rest: (f) => ({ method: 'DELETE', url: `/api/sets/${f.id}/notices` }),
    expected: WRITE,
  },
  { name: 'toggleLike', aboutSet: true, call: (api, f) => api.set.toggleLike({ id: f.id }), rest: (f) => ({ method: 'POST', url: `/api/sets/${f.id}/like` }), expected: LIKE },
];

async function apiOf(actor: Actor): Promise<Api> {
  return actor === 'anonymous' ? new TestClient(database).caller() : people[actor].call();
}

/** The procedure's answer as an HTTP status (as the shims map it). */
async function procedureStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    if (err instanceof TRPCError) return getHTTPStatusCodeFromError(err);
    throw err;
  }
}

const cells = PROCEDURES.flatMap((p) => ACTORS.flatMap((actor) => (p.aboutSet ? STATES : (['published'] as State[])).map((state) => ({ p, actor, state }))));

describe(`set authorisation (${engine})`, () => {
  it.each(cells)('set.$p.name as $actor on a $state set -> the expected status', async ({ p, actor, state }) => {
    const fixture = await freshSet(state);
    const expected = p.expected(actor, state);
    expect(await procedureStatus(p.call(await apiOf(actor), fixture))).toBe(expected);
  });

  it.each(cells)('$p.name shim as $actor on a $state set -> the expected status', async ({ p, actor, state }) => {
    const fixture = await freshSet(state);
    const expected = p.expected(actor, state);
    const rest = p.rest(fixture);
    const headers = actor === 'anonymous' ? { ...sameOrigin } : people[actor].headers;
    const res = await app.inject({ method: rest.method, url: rest.url, headers, ...(rest.payload ? { payload: rest.payload } : {}) });
    expect(res.statusCode, res.body).toBe(expected === 200 && p.created ? 201 : expected);
  });

  it('the table covers every procedure of the set router', () => {
    expect(PROCEDURES.map((p) => p.name).sort()).toEqual(Object.keys(setRouter._def.procedures).sort());
  });
});
