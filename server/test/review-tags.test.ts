// Review tags are community input: a review's new tag describes that review (it shows on the
// review and in the summary) but is no catalogue filter tag (not in tag.list, not on Tonie cards,
// not a filter match) until REVIEW_TAG_MIN_USERS different users' visible reviews use it (then it
// is approved at once and tags every Tonie whose visible reviews use it) or a moderator approves
// it (approveReviewTag). Catalogue tags used in reviews tag the Tonie as before.
import { sql } from 'kysely';
import { REVIEW_TAG_MIN_USERS } from '@tonieshelf/shared/values/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/auth/session';
import { approveReviewTag, listWaitingReviewTags } from '../src/reviews/service';
import { TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

let seq = 0;
const unique = () => `${process.pid}t${++seq}t${Math.random().toString(36).slice(2, 7)}`;
/** A tag name of its own for each test (letters and digits, at most 40 characters). */
const newTagName = (label: string) => `${label} ${unique().replace(/[^a-z0-9]/g, '')}`.slice(0, 40);

async function signUp() {
  const tag = unique();
  const user = await database.db
    .insertInto('users')
    .values({ email: `t${tag}@example.com`, username: `tags${tag}`, first_name: 'Tia', last_name: 'Tagger', password_hash: 'x', email_verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(database.db, user.id, { aal: 1, ip: null, userAgent: null });
  const client = new TestClient(database, '203.0.113.41');
  client.token = token;
  return { id: user.id, call: () => client.caller() };
}

const anonymous = () => new TestClient(database, '203.0.113.42').caller();

async function addTonie(name: string, catalogueTags: string[] = []) {
  const row = await database.db
    .insertInto('tonies')
    .values({ article: `RT-${unique()}`, name, category: 'Review Tags' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const tag of catalogueTags) {
    const t = await sql<{ id: number }>`INSERT INTO tags (name) VALUES (${tag}) ON CONFLICT (lower(name)) DO UPDATE SET name = tags.name RETURNING id`.execute(database.db);
    await database.db.insertInto('tonie_tags').values({ tonie_id: row.id, tag_id: t.rows[0]!.id }).execute();
  }
  return row.id;
}

const tagRow = (name: string) => database.db.selectFrom('tags').selectAll().where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();

/** Where a tag shows: the catalogue's filter list, the Tonies' cards, the filter's matches. */
async function publicView(name: string, tonieIds: number[]) {
  const api = await anonymous();
  const onTonies = await Promise.all(tonieIds.map(async (id) => (await api.tonie.byId({ id })).tags.includes(name)));
  return {
    inFilterList: (await api.tag.list()).tags.includes(name),
    onTonies,
    filterMatches: (await api.tonie.list({ tags: [name.toLowerCase()], pageSize: 100 })).tonies.map((t) => t.id).sort((a, b) => a - b),
  };
}

describe(`review tags (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it(`one user's new tag -> on the review and the summary only; ${REVIEW_TAG_MIN_USERS} different users -> a catalogue filter tag on every Tonie their reviews tag`, async () => {
    const name = newTagName('Cosy');
    const [a, b] = [await addTonie('Ant Adventures'), await addTonie('Bee Ballads')];
    const [u1, u2, u3] = [await signUp(), await signUp(), await signUp()];

    const first = await (await u1.call()).review.create({ tonieId: a, rating: 5, tags: [name] });
    expect(first.tags).toEqual([name]);
    expect((await (await anonymous()).review.list({ tonieId: a }))[0]!.tags).toEqual([name]);
    expect((await (await anonymous()).review.summary({ tonieId: a })).tags).toEqual([{ name, count: 1 }]);
    expect(await tagRow(name)).toMatchObject({ origin: 'review', approved_at: null });
    expect(await publicView(name, [a, b])).toEqual({ inFilterList: false, onTonies: [false, false], filterMatches: [] });
    expect((await listWaitingReviewTags(database.db)).find((t) => t.name === name)).toMatchObject({ userCount: 1, reviewCount: 1 });

    // A second user (another Tonie, another spelling): still waiting.
    expect((await (await u2.call()).review.create({ tonieId: b, rating: 4, tags: [name.toUpperCase()] })).tags).toEqual([name]);
    expect(await publicView(name, [a, b])).toEqual({ inFilterList: false, onTonies: [false, false], filterMatches: [] });
    expect((await listWaitingReviewTags(database.db)).find((t) => t.name === name)).toMatchObject({ userCount: 2, reviewCount: 2 });

    // The third different user: approved at once, on both Tonies.
    await (await u3.call()).review.create({ tonieId: a, rating: 3, tags: [name] });
    expect((await tagRow(name))!.approved_at).not.toBeNull();
    expect(await publicView(name, [a, b])).toEqual({ inFilterList: true, onTonies: [true, true], filterMatches: [a, b].sort((x, y) => x - y) });
    expect((await listWaitingReviewTags(database.db)).map((t) => t.name)).not.toContain(name);

    // Approved: a fourth user's review of a new Tonie tags it at once.
    const c = await addTonie('Cat Carols');
    await (await (await signUp()).call()).review.create({ tonieId: c, rating: 5, tags: [name] });
    expect((await publicView(name, [c])).onTonies).toEqual([true]);
  });

  it('hidden reviews and those of suspended users do not count; the waiting list counts visible reviews, most users first', async () => {
    const name = newTagName('Spooky');
    const tonie = await addTonie('Ghost Stories');
    const users = [await signUp(), await signUp()];
    for (const u of users) await (await u.call()).review.create({ tonieId: tonie, rating: 4, tags: [name] });
    const [hiddenAuthor, suspendedAuthor] = [await signUp(), await signUp()];
    // Their reviews exist before the tag reaches three users, then are taken out of sight.
    const hidden = await (await hiddenAuthor.call()).review.create({ tonieId: await addTonie('Other Ghosts'), rating: 2, tags: ['Plain'] });
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', hidden.id).execute();
    await (await hiddenAuthor.call()).review.update({ tonieId: hidden.tonieId, tags: [name] });
    await database.db.updateTable('ratings').set({ owner_suspended: true }).where('user_id', '=', suspendedAuthor.id).execute();
    await database.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() + 86_400_000) })
      .where('id', '=', suspendedAuthor.id)
      .execute();
    const rating = await database.db
      .insertInto('ratings')
      .values({ tonie_id: tonie, user_id: suspendedAuthor.id, rating: 1, owner_suspended: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('rating_tags')
      .values({ rating_id: rating.id, tag_id: (await tagRow(name))!.id })
      .execute();

    expect((await tagRow(name))!.approved_at).toBeNull();
    expect(await publicView(name, [tonie])).toEqual({ inFilterList: false, onTonies: [false], filterMatches: [] });
    const waiting = await listWaitingReviewTags(database.db);
    expect(waiting.find((t) => t.name === name)).toMatchObject({ userCount: 2, reviewCount: 2 });
    // Most users first.
    const counts = waiting.map((t) => t.userCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(waiting.every((t) => typeof t.createdAt === 'string' && !Number.isNaN(Date.parse(t.createdAt)))).toBe(true);
  });

  it('an edit that adds the tag as the third user -> approved; two reviews by one user count once', async () => {
    const name = newTagName('Giggly');
    const [t1, t2, t3] = [await addTonie('Jokes One'), await addTonie('Jokes Two'), await addTonie('Jokes Three')];
    const [u1, u2] = [await signUp(), await signUp()];
    await (await u1.call()).review.create({ tonieId: t1, rating: 5, tags: [name] });
    await (await u1.call()).review.create({ tonieId: t2, rating: 5, tags: [name] });
    expect((await tagRow(name))!.approved_at).toBeNull();
    expect((await listWaitingReviewTags(database.db)).find((t) => t.name === name)).toMatchObject({ userCount: 1, reviewCount: 2 });
    await (await u2.call()).review.create({ tonieId: t3, rating: 4, tags: [] });
    await (await u2.call()).review.update({ tonieId: t3, tags: [name] });
    expect((await tagRow(name))!.approved_at).toBeNull();
    const u3 = await signUp();
    await (await u3.call()).review.create({ tonieId: t3, rating: 3, tags: ['Something Else'] });
    await (await u3.call()).review.update({ tonieId: t3, tags: [name] });
    expect((await tagRow(name))!.approved_at).not.toBeNull();
    expect(await publicView(name, [t1, t2, t3])).toEqual({ inFilterList: true, onTonies: [true, true, true], filterMatches: [t1, t2, t3] });
  });

  it(`${REVIEW_TAG_MIN_USERS} users adding a new tag at the same moment -> approved`, async () => {
    const name = newTagName('Together');
    const tonie = await addTonie('Choir');
    const users = await Promise.all(Array.from({ length: REVIEW_TAG_MIN_USERS }, () => signUp()));
    await Promise.all(users.map(async (u) => (await u.call()).review.create({ tonieId: tonie, rating: 5, tags: [name] })));
    expect((await tagRow(name))!.approved_at).not.toBeNull();
    expect((await publicView(name, [tonie])).onTonies).toEqual([true]);
  });

  it('approveReviewTag -> listed and on the Tonies whose visible reviews use it (not those of hidden reviews); again, a catalogue tag or an unknown id -> null', async () => {
    const name = newTagName('Rainy Day');
    const [shown, hiddenOnly] = [await addTonie('Puddles'), await addTonie('Clouds')];
    const u = await signUp();
    const v = await signUp();
    await (await u.call()).review.create({ tonieId: shown, rating: 5, tags: [name] });
    const hidden = await (await v.call()).review.create({ tonieId: hiddenOnly, rating: 1, tags: [name] });
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', hidden.id).execute();
    const tag = (await tagRow(name))!;

    expect(await approveReviewTag(database.db, tag.id)).toBe(name);
    expect((await tagRow(name))!.approved_at).not.toBeNull();
    expect(await publicView(name, [shown, hiddenOnly])).toEqual({ inFilterList: true, onTonies: [true, false], filterMatches: [shown] });
    expect((await listWaitingReviewTags(database.db)).map((t) => t.name)).not.toContain(name);

    expect(await approveReviewTag(database.db, tag.id)).toBeNull();
    const catalogueTonie = await addTonie('Catalogue Tonie', [newTagName('Catalogue')]);
    const catalogueTagId = (await database.db.selectFrom('tonie_tags').select('tag_id').where('tonie_id', '=', catalogueTonie).executeTakeFirstOrThrow()).tag_id;
    expect(await approveReviewTag(database.db, catalogueTagId)).toBeNull();
    expect(await approveReviewTag(database.db, 2_000_000_000)).toBeNull();

    // Inside the caller's transaction (as the moderation service calls it): rolled back with it.
    const other = newTagName('Rolled Back');
    await (await u.call()).review.create({ tonieId: hiddenOnly, rating: 4, tags: [other] });
    const otherId = (await tagRow(other))!.id;
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await approveReviewTag(trx, otherId)).toBe(other);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await tagRow(other))!.approved_at).toBeNull();
    expect((await publicView(other, [hiddenOnly])).onTonies).toEqual([false]);
  });

  it('a catalogue tag used in a review tags the Tonie at once (as before) and never waits', async () => {
    const catalogueName = newTagName('Bedtime');
    await addTonie('Has The Tag', [catalogueName]);
    const tonie = await addTonie('Gets The Tag');
    const u = await signUp();
    const created = await (await u.call()).review.create({ tonieId: tonie, rating: 4, tags: [catalogueName.toLowerCase()] });
    expect(created.tags).toEqual([catalogueName]);
    expect(await tagRow(catalogueName)).toMatchObject({ origin: 'catalogue' });
    expect((await publicView(catalogueName, [tonie])).onTonies).toEqual([true]);
    expect((await listWaitingReviewTags(database.db)).map((t) => t.name)).not.toContain(catalogueName);
  });
});
