// Who may call what: every trust-and-safety procedure called as an anonymous visitor, a user (the
// person the content or decision concerns), another user, a moderator and an admin, each asserting
// the answer (ok, UNAUTHORIZED, FORBIDDEN or NOT_FOUND). Every call gets fresh content, so a
// successful write by one role does not change what the next one meets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { failure } from './helpers/auth';
import { insertAudio, insertReview, insertTonie } from './helpers/content';
import { Browser, newMailer, person, STATEMENT, type Person } from './helpers/moderation';

let database: TestDatabase;
const mailer = newMailer();
type RoleName = 'anonymous' | 'user' | 'other' | 'moderator' | 'admin';
let people: Record<Exclude<RoleName, 'anonymous'>, Person>;
let helperMod: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  people = {
    user: await person(database, mailer),
    other: await person(database, mailer),
    moderator: await person(database, mailer, 'moderator'),
    admin: await person(database, mailer, 'admin'),
  };
  helperMod = await person(database, mailer, 'moderator');
});

afterAll(async () => {
  await database?.close();
});

type Api = Awaited<ReturnType<Browser['api']>>;
type Expected = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND';

async function apiOf(role: RoleName): Promise<Api> {
  return role === 'anonymous' ? new Browser(database, mailer).api() : people[role].api();
}

/** A fresh decision hiding a file of `user`. */
async function freshDecision() {
  const file = await insertAudio(database, people.user.id);
  return (await helperMod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT });
}

/** A fresh open contest by `user`. */
async function freshContest() {
  const decision = await freshDecision();
  await (await people.user.api()).moderation.contest({ decisionId: decision.id, explanation: 'This is my own recording, really.' });
  const [row] = await database.db.selectFrom('contests').select('id').where('decision_id', '=', decision.id).execute();
  return row!.id;
}

let messageCounter = 0;
/** A fresh open bug message (no item); its report id. */
async function freshMessage() {
  messageCounter += 1;
  const { reference } = await (await new Browser(database, mailer).api()).report.create({
    kind: 'bug',
    explanation: 'The player stops after a minute.',
    name: 'Bug Reporter',
    email: `authz-bug${messageCounter}@example.com`,
  });
  const row = await database.db.selectFrom('reports').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  return row.id;
}

let tagCounter = 0;
async function freshWaitingTag() {
  tagCounter += 1;
  const tonie = await insertTonie(database, `Authz Tonie ${tagCounter}`);
  const review = await insertReview(database, tonie, people.other.id);
  const tag = await database.db
    .insertInto('tags')
    .values({ name: `authz-tag-${Date.now()}-${tagCounter}`, origin: 'review' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db.insertInto('rating_tags').values({ rating_id: review, tag_id: tag.id }).execute();
  return tag.id;
}

let emailCounter = 0;
const STAFF: Record<RoleName, Expected> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', other: 'FORBIDDEN', moderator: 'ok', admin: 'ok' };
const ADMIN: Record<RoleName, Expected> = { anonymous: 'UNAUTHORIZED', user: 'FORBIDDEN', other: 'FORBIDDEN', moderator: 'FORBIDDEN', admin: 'ok' };
const EVERYONE: Record<RoleName, Expected> = { anonymous: 'ok', user: 'ok', other: 'ok', moderator: 'ok', admin: 'ok' };

const PROCEDURES: { name: string; variant?: string; expected: Record<RoleName, Expected>; call: (api: Api) => Promise<unknown> }[] = [
  {
    name: 'report.create',
    expected: EVERYONE,
    call: async (api) => {
      emailCounter += 1;
      const file = await insertAudio(database, people.user.id);
      return api.report.create({
        kind: 'report',
        reason: 'spam',
        targetType: 'audio',
        targetId: String(file),
        explanation: 'Advertising, not a song at all.',
        name: 'Auth Z',
        email: `authz${emailCounter}@example.com`,
        goodFaith: true,
      });
    },
  },
  { name: 'site.info', expected: EVERYONE, call: (api) => api.site.info() },
  { name: 'moderation.queue', expected: STAFF, call: (api) => api.moderation.queue({}) },
  {
    name: 'moderation.act',
    expected: STAFF,
    call: async (api) => api.moderation.act({ action: 'hide', targetType: 'audio', targetId: String(await insertAudio(database, people.user.id)), ...STATEMENT }),
  },
  {
    // A bug message (no item) marked as handled: targetType 'report'.
    name: 'moderation.act',
    variant: 'a report without an item',
    expected: STAFF,
    call: async (api) =>
      api.moderation.act({
        action: 'dismiss',
        targetType: 'report',
        targetId: String(await freshMessage()),
        reason: 'other',
        rule: 'moderation',
        statement: 'Thank you, we fixed this in the latest release.',
      }),
  },
  {
    name: 'moderation.suspend',
    expected: STAFF,
    call: async (api) =>
      api.moderation.suspend({ userId: (await person(database, mailer)).id, days: 3, reason: 'spam', rule: 'accounts', statement: 'Posting advertising everywhere, many times.' }),
  },
  {
    name: 'moderation.unsuspend',
    expected: STAFF,
    call: async (api) => {
      const target = await person(database, mailer);
      await (await helperMod.api()).moderation.suspend({ userId: target.id, days: 3, reason: 'spam', rule: 'accounts', statement: 'Posting advertising everywhere, many times.' });
      return api.moderation.unsuspend({ userId: target.id, reason: 'other', rule: 'accounts', statement: 'Lifted early after a promise to behave.' });
    },
  },
  { name: 'moderation.uphold', expected: STAFF, call: async (api) => api.moderation.uphold({ contestId: await freshContest(), ...STATEMENT }) },
  { name: 'moderation.waitingTags', expected: STAFF, call: (api) => api.moderation.waitingTags() },
  { name: 'moderation.approveTag', expected: STAFF, call: async (api) => api.moderation.approveTag({ tagId: await freshWaitingTag() }) },
  { name: 'moderation.log', expected: ADMIN, call: (api) => api.moderation.log({}) },
  { name: 'moderation.staff', expected: ADMIN, call: (api) => api.moderation.staff() },
  { name: 'moderation.findUsers', expected: ADMIN, call: (api) => api.moderation.findUsers({ query: 'mia' }) },
  { name: 'moderation.setRole', expected: ADMIN, call: async (api) => api.moderation.setRole({ userId: (await person(database, mailer)).id, role: 'moderator' }) },
  {
    name: 'moderation.decision',
    expected: { anonymous: 'UNAUTHORIZED', user: 'ok', other: 'NOT_FOUND', moderator: 'ok', admin: 'ok' },
    call: async (api) => api.moderation.decision({ id: (await freshDecision()).id }),
  },
  { name: 'moderation.myDecisions', expected: { anonymous: 'UNAUTHORIZED', user: 'ok', other: 'ok', moderator: 'ok', admin: 'ok' }, call: (api) => api.moderation.myDecisions() },
  {
    name: 'moderation.contest',
    // Staff may read the decision but only the person concerned contests it.
    expected: { anonymous: 'UNAUTHORIZED', user: 'ok', other: 'NOT_FOUND', moderator: 'FORBIDDEN', admin: 'FORBIDDEN' },
    call: async (api) => api.moderation.contest({ decisionId: (await freshDecision()).id, explanation: 'I made this recording myself.' }),
  },
];

const ROLES: RoleName[] = ['anonymous', 'user', 'other', 'moderator', 'admin'];

describe(`authorisation of the trust-and-safety procedures (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the table covers every procedure of report, site and moderation', async () => {
    const { appRouter } = await import('../src/trpc/router');
    const names = Object.keys(appRouter._def.procedures).filter((p) => /^(report|site|moderation)\./.test(p));
    expect([...new Set(PROCEDURES.map((p) => p.name))].sort()).toEqual(names.sort());
  });

  for (const proc of PROCEDURES) {
    it(`${proc.name}${proc.variant ? ` (${proc.variant})` : ''}: ${ROLES.map((r) => `${r} ${proc.expected[r]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const api = await apiOf(role);
        const expected = proc.expected[role];
        if (expected === 'ok') {
          await expect(proc.call(api), `${proc.name} as ${role}`).resolves.toBeDefined();
        } else {
          expect(await failure(proc.call(api)), `${proc.name} as ${role}`).toMatchObject({ code: expected });
        }
      }
    });
  }
});
