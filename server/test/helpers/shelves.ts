// The people and shelves of the shelf and profile authorisation matrices: owners whose Tonies sit
// on their Own, Wishlist and Favourites shelves, each owner in one state (shelves private, the
// wishlist public on the profile, shared by link, the link revoked, renewed, the account deleted,
// the account suspended), viewers (anonymous, another user, a moderator, the owner), and one
// "transport" per way in (the tRPC caller, the /api shims) so every cell is written once and run
// both ways. Every Tonie on an owner's shelves has a name, an article code and a category no other
// row has (the markers): a leak shows as a marker in the raw answer.
import { randomBytes } from 'node:crypto';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { hashPassword } from '../../src/auth/password';
import { createSession } from '../../src/auth/session';
import { AppError } from '../../src/errors';
import { sameOrigin } from './app';
import { TestClient } from './auth';
import { signedInUser, unique, type SignedInUser } from './content';
import type { TestDatabase } from './db';

export const OWNER_STATES = ['private', 'public', 'shared', 'revoked', 'renewed', 'deleted', 'suspended'] as const;
export type OwnerState = (typeof OWNER_STATES)[number];
const VIEWERS = ['anonymous', 'other', 'moderator', 'owner'] as const;
export type Viewer = (typeof VIEWERS)[number];

/** The owner's account is gone or suspended: no profile, no session, no link. */
export const isGone = (state: OwnerState) => state === 'deleted' || state === 'suspended';
/** Whether the viewer's session is a live, fully signed-in one (a deleted or suspended owner's is not). */
export const signedIn = (viewer: Viewer, state: OwnerState) => viewer === 'other' || viewer === 'moderator' || (viewer === 'owner' && !isGone(state));

export interface MarkerTonie {
  id: number;
  name: string;
  article: string;
}

/** An owner's four shelved Tonies: own, wishlist, favourite only, and own + favourite. */
export interface OwnerTonies {
  own: MarkerTonie;
  wishlist: MarkerTonie;
  favourite: MarkerTonie;
  ownFavourite: MarkerTonie;
}
type TonieKey = keyof OwnerTonies;
const TONIE_KEYS: TonieKey[] = ['own', 'wishlist', 'favourite', 'ownFavourite'];
/** Which of the four Tonies each shelf holds. */
const ON_SHELF: Record<ShelfName, TonieKey[]> = { own: ['own', 'ownFavourite'], wishlist: ['wishlist'], favourites: ['favourite', 'ownFavourite'] };
/** What shelf.states answers for each of the four (tonieId added). */
export const STATE_OF: Record<TonieKey, { status: 'own' | 'wishlist' | null; favourite: boolean }> = {
  own: { status: 'own', favourite: false },
  wishlist: { status: 'wishlist', favourite: false },
  favourite: { status: null, favourite: true },
  ownFavourite: { status: 'own', favourite: true },
};

export interface ShelfOwner {
  state: OwnerState;
  user: SignedInUser;
  displayName: string;
  tonies: OwnerTonies;
  /** The category all four Tonies have (no other Tonie has it). */
  category: string;
  /** A review by the owner (on a Tonie on none of their shelves). */
  review: { id: number; tonieId: number; text: string };
  /** A published audio file of the owner (tagged `tag`), in a published set. */
  audio: { id: number; title: string; tag: string };
  set: { id: number; title: string };
  /** The wishlist's working share link (shared, renewed: the new one; suspended: the one it had). */
  liveToken: string | null;
  /** A link that must answer 404: revoked, renewed (the old one), the deleted account's, or one never issued. */
  deadToken: string;
  /** The profile settings the owner has. */
  settings: { publicShelves: ShelfName[]; showReviews: boolean };
}

/** The owner's Tonies on `shelves`. */
export function toniesOn(owner: ShelfOwner, shelves: readonly ShelfName[]): MarkerTonie[] {
  const keys = new Set(shelves.flatMap((s) => ON_SHELF[s]));
  return TONIE_KEYS.filter((k) => keys.has(k)).map((k) => owner.tonies[k]);
}
/** The owner's Tonies on none of `shelves`. */
export function toniesNotOn(owner: ShelfOwner, shelves: readonly ShelfName[]): MarkerTonie[] {
  const keys = new Set(shelves.flatMap((s) => ON_SHELF[s]));
  return TONIE_KEYS.filter((k) => !keys.has(k)).map((k) => owner.tonies[k]);
}
/** The texts by which a Tonie shows in an answer: its name and its article code. */
export const markersOf = (tonies: MarkerTonie[]) => tonies.flatMap((t) => [t.name, t.article]);
/** Every text of the owner's shelves that no answer to someone else may carry (unless made public). */
function allShelfMarkers(owner: ShelfOwner): string[] {
  return [...markersOf(Object.values(owner.tonies)), owner.category];
}

/** The markers of `markers` that occur in `body` (expected: none). */
export function leaked(body: string, markers: readonly string[]): string[] {
  return markers.filter((m) => body.includes(m));
}

// ---------------------------------------------------------------------------------------------
// Answers and transports.
// ---------------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  /** The raw answer: the HTTP body, or the procedure's result (or error) as JSON. */
  body: string;
  json: unknown;
  /** An error answer's message code (both paths answer the same code). */
  message: string | undefined;
}

/** The answer of a procedure call, as the shims would map its status. */
export async function trpcAnswer(promise: Promise<unknown>): Promise<Answer> {
  try {
    const result = await promise;
    return { status: 200, body: JSON.stringify(result) ?? '', json: result, message: undefined };
  } catch (err) {
    if (err instanceof TRPCError) {
      const status = getHTTPStatusCodeFromError(err);
      return { status, body: JSON.stringify({ code: err.code, message: err.message }), json: null, message: err instanceof AppError ? err.messageRef.code : err.message };
    }
    throw err;
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function httpAnswer(app: FastifyInstance, headers: Record<string, string>, method: HttpMethod, url: string, payload?: unknown): Promise<Answer> {
  const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  let json: unknown = null;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = null;
  }
  const message = res.statusCode >= 400 && json && typeof json === 'object' && 'messageCode' in json ? String((json as { messageCode: unknown }).messageCode) : undefined;
  return { status: res.statusCode, body: res.body, json, message };
}

/** The calls of the matrix, each answered the same way by both ways in. */
export interface Transport {
  readonly kind: 'trpc' | 'rest';
  states(tonieIds: number[]): Promise<Answer>;
  set(shelf: ShelfName, tonieId: number, on: boolean): Promise<Answer>;
  summary(): Promise<Answer>;
  importCsv(shelf: ShelfName, csv: string): Promise<Answer>;
  sharing(): Promise<Answer>;
  setSharing(shelf: ShelfName, enabled: boolean): Promise<Answer>;
  renewLink(shelf: ShelfName): Promise<Answer>;
  shared(token: string): Promise<Answer>;
  list(shelf: ShelfName | 'none'): Promise<Answer>;
  byUsername(username: string): Promise<Answer>;
  profileShelf(username: string, shelf: ShelfName): Promise<Answer>;
  reviews(username: string): Promise<Answer>;
  audio(username: string): Promise<Answer>;
  sets(username: string): Promise<Answer>;
  settings(): Promise<Answer>;
  updateSettings(input: { publicShelves?: ShelfName[]; showReviews?: boolean }): Promise<Answer>;
  vote(ratingId: number, helpful: boolean): Promise<Answer>;
  myVotes(tonieId: number): Promise<Answer>;
  exportData(): Promise<Answer>;
}

type Api = Awaited<ReturnType<TestClient['caller']>>;

function trpcTransport(client: TestClient): Transport {
  const api = (): Promise<Api> => client.caller();
  const run = async (f: (a: Api) => Promise<unknown>) => trpcAnswer(api().then(f));
  return {
    kind: 'trpc',
    states: (tonieIds) => run((a) => a.shelf.states({ tonieIds })),
    set: (shelf, tonieId, on) => run((a) => a.shelf.set({ shelf, tonieId, on })),
    summary: () => run((a) => a.shelf.summary()),
    importCsv: (shelf, csv) => run((a) => a.shelf.import({ shelf, csv })),
    sharing: () => run((a) => a.shelf.sharing()),
    setSharing: (shelf, enabled) => run((a) => a.shelf.setSharing({ shelf, enabled })),
    renewLink: (shelf) => run((a) => a.shelf.renewLink({ shelf })),
    shared: (token) => run((a) => a.shelf.shared({ token })),
    list: (shelf) => run((a) => a.tonie.list({ shelf, pageSize: 100 })),
    byUsername: (username) => run((a) => a.profile.byUsername({ username })),
    profileShelf: (username, shelf) => run((a) => a.profile.shelf({ username, shelf })),
    reviews: (username) => run((a) => a.profile.reviews({ username })),
    audio: (username) => run((a) => a.profile.audio({ username })),
    sets: (username) => run((a) => a.profile.sets({ username })),
    settings: () => run((a) => a.profile.settings()),
    updateSettings: (input) => run((a) => a.profile.updateSettings(input)),
    vote: (ratingId, helpful) => run((a) => a.review.vote({ ratingId, helpful })),
    myVotes: (tonieId) => run((a) => a.review.myVotes({ tonieId })),
    exportData: () => run((a) => a.account.exportData()),
  };
}

function restTransport(app: FastifyInstance, headers: Record<string, string>): Transport {
  const call = (method: HttpMethod, url: string, payload?: unknown) => httpAnswer(app, headers, method, url, payload);
  const u = encodeURIComponent;
  return {
    kind: 'rest',
    states: (ids) => call('GET', `/api/shelves/states?tonieIds=${ids.join(',')}`),
    set: (shelf, tonieId, on) => call(on ? 'PUT' : 'DELETE', `/api/shelves/${shelf}/${tonieId}`),
    summary: () => call('GET', '/api/shelves/summary'),
    importCsv: (shelf, csv) => call('POST', `/api/shelves/${shelf}/import`, { csv }),
    sharing: () => call('GET', '/api/shelves/sharing'),
    setSharing: (shelf, enabled) => call(enabled ? 'PUT' : 'DELETE', `/api/shelves/${shelf}/share`),
    renewLink: (shelf) => call('POST', `/api/shelves/${shelf}/share/renew`),
    shared: (token) => call('GET', `/api/shared-shelves/${u(token)}`),
    list: (shelf) => call('GET', `/api/tonies?shelf=${shelf}&pageSize=100`),
    byUsername: (username) => call('GET', `/api/users/${u(username)}`),
    profileShelf: (username, shelf) => call('GET', `/api/users/${u(username)}/shelves/${shelf}`),
    reviews: (username) => call('GET', `/api/users/${u(username)}/reviews`),
    audio: (username) => call('GET', `/api/users/${u(username)}/audio`),
    sets: (username) => call('GET', `/api/users/${u(username)}/sets`),
    settings: () => call('GET', '/api/profile/settings'),
    updateSettings: (input) => call('PATCH', '/api/profile/settings', input),
    vote: (ratingId, helpful) => call(helpful ? 'PUT' : 'DELETE', `/api/ratings/${ratingId}/helpful`),
    myVotes: (tonieId) => call('GET', `/api/tonies/${tonieId}/ratings/votes`),
    exportData: () => call('GET', '/api/account/export'),
  };
}

// ---------------------------------------------------------------------------------------------
// The world: viewers, spare Tonies for writes, and one owner per state (made on first use, so a
// state whose making fails fails its own cells only).
// ---------------------------------------------------------------------------------------------

/** A share token of the shape the server issues (32 random bytes, base64url). */
const newToken = () => randomBytes(32).toString('base64url');

let tonieSeq = 0;
async function insertMarkerTonie(database: TestDatabase, label: string, category: string): Promise<MarkerTonie> {
  tonieSeq += 1;
  const tag = unique();
  const name = `Shelfmark ${label} ${tag}`;
  const article = `SM-${tag}-${tonieSeq}`;
  const row = await database.db.insertInto('tonies').values({ article, name, category }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, name, article };
}

export interface ShelfWorld {
  database: TestDatabase;
  other: SignedInUser;
  moderator: SignedInUser;
  /** Tonies on nobody's shelves but for a moment: what the write cells put on and take off. */
  spare: { set: MarkerTonie; import: MarkerTonie };
  /** A review by someone else that every owner marked helpful (their vote is theirs alone). */
  votedReview: { id: number; tonieId: number };
  owner(state: OwnerState): Promise<ShelfOwner>;
  /** The viewer's ways in: the tRPC caller and the /api shims with its session cookie. */
  transport(kind: 'trpc' | 'rest', viewer: Viewer, owner: ShelfOwner, app: FastifyInstance): Transport;
  headers(viewer: Viewer, owner: ShelfOwner): Record<string, string>;
  /** The owner's shelf rows as they are in the database (to prove a write left them alone). */
  rowsOf(userId: string): Promise<Array<{ tonie_id: number; status: string | null; favourite: boolean }>>;
}

const SUSPEND_REASONS = { reason: 'spam' as const, rule: 'accounts' as const, statement: 'The account posted advertising in every review, again and again.' };
const PASSWORD = 'blue-giraffe-sings';

export async function createShelfWorld(database: TestDatabase): Promise<ShelfWorld> {
  const other = await signedInUser(database, { firstName: 'Olga', lastName: 'Other' });
  const moderator = await signedInUser(database, { role: 'moderator', firstName: 'Mona', lastName: 'Moderator' });
  const reviewer = await signedInUser(database, { firstName: 'Rita', lastName: 'Reviewer' });
  const spare = { set: await insertMarkerTonie(database, 'spare-set', 'Audio Play'), import: await insertMarkerTonie(database, 'spare-import', 'Audio Play') };
  const votedTonie = await database.db
    .insertInto('tonies')
    .values({ article: `VT-${unique()}`, name: `Voted Tonie ${unique()}`, category: 'Audio Play' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const voted = await database.db
    .insertInto('ratings')
    .values({ tonie_id: votedTonie.id, user_id: reviewer.id, rating: 5, review: 'A review others found helpful' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const votedReview = { id: voted.id, tonieId: votedTonie.id };

  async function makeOwner(state: OwnerState): Promise<ShelfOwner> {
    const tag = unique();
    const firstName = 'Owen';
    const lastName = `Owner${state}`;
    const user = await signedInUser(database, { firstName, lastName });
    const category = `Shelfcat ${tag}`;
    const tonies: OwnerTonies = {
      own: await insertMarkerTonie(database, `${state}-own`, category),
      wishlist: await insertMarkerTonie(database, `${state}-wish`, category),
      favourite: await insertMarkerTonie(database, `${state}-fav`, category),
      ownFavourite: await insertMarkerTonie(database, `${state}-ownfav`, category),
    };
    const at = new Date(Date.now() - 60_000);
    await database.db
      .insertInto('shelf_items')
      .values(
        TONIE_KEYS.map((k, i) => {
          const s = STATE_OF[k];
          const when = new Date(at.getTime() + i * 1000);
          return { user_id: user.id, tonie_id: tonies[k].id, status: s.status, status_at: s.status ? when : null, favourite: s.favourite, favourite_at: s.favourite ? when : null };
        }),
      )
      .execute();
    // A review on a Tonie on none of the owner's shelves, and the owner's vote on someone else's.
    const reviewedTonie = await database.db
      .insertInto('tonies')
      .values({ article: `RT-${tag}`, name: `Reviewed Tonie ${tag}`, category: 'Audio Play' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = `Review marker ${tag}: calm voices for the evening`;
    const review = await database.db
      .insertInto('ratings')
      .values({ tonie_id: reviewedTonie.id, user_id: user.id, rating: 4, review: text })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('review_votes').values({ rating_id: votedReview.id, user_id: user.id }).execute();
    // Published audio (tagged) in a published set, for the feeds and the profile.
    const audioTag = `feedtag${tag.replace(/[^a-z0-9]/gi, '')}`.toLowerCase();
    const audioTitle = `Feed song ${tag}`;
    const audio = await database.db
      .insertInto('audio_files')
      .values({
        user_id: user.id,
        title: audioTitle,
        description: 'A song for bedtime',
        status: 'published',
        published_at: new Date(),
        file_path: `audio/${user.id}/authz-${tag}.mp3`,
        file_name: 'song.mp3',
        file_size: 1000,
        mime_type: 'audio/mpeg',
        duration: 60,
        licence: 'cc-by-4.0',
        rights_confirmed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const audioTagRow = await database.db.insertInto('audio_tags').values({ name: audioTag }).returning('id').executeTakeFirstOrThrow();
    await database.db.insertInto('audio_file_tags').values({ audio_file_id: audio.id, tag_id: audioTagRow.id }).execute();
    const setTitle = `Feed set ${tag}`;
    const set = await database.db
      .insertInto('sets')
      .values({ user_id: user.id, title: setTitle, description: null, status: 'published', published_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('set_chapters').values({ set_id: set.id, audio_file_id: audio.id, position: 1 }).execute();

    const publicShelves: ShelfName[] = state === 'public' || isGone(state) ? ['wishlist'] : [];
    const showReviews = state !== 'public';
    await database.db.updateTable('users').set({ profile_shelves: publicShelves, profile_reviews_hidden: !showReviews }).where('id', '=', user.id).execute();

    // The wishlist's link: written as the server stores it (the token as it is), then revoked or
    // renewed through the owner's own calls.
    let liveToken: string | null = null;
    let deadToken = newToken();
    if (state !== 'private' && state !== 'public') {
      const token = newToken();
      await database.db.insertInto('shelf_shares').values({ user_id: user.id, shelf: 'wishlist', token }).execute();
      liveToken = token;
      const api = await user.call();
      if (state === 'revoked') {
        await api.shelf.setSharing({ shelf: 'wishlist', enabled: false });
        deadToken = token;
        liveToken = null;
      } else if (state === 'renewed') {
        const renewed = await api.shelf.renewLink({ shelf: 'wishlist' });
        const next = renewed.find((s) => s.shelf === 'wishlist')?.token;
        if (!next || next === token) throw new Error(`renewLink gave no new wishlist token: ${JSON.stringify(renewed)}`);
        deadToken = token;
        liveToken = next;
      } else if (state === 'deleted') {
        await database.db
          .updateTable('users')
          .set({ password_hash: await hashPassword(PASSWORD) })
          .where('id', '=', user.id)
          .execute();
        await api.account.deleteAccount({ password: PASSWORD, keepReviews: false });
        deadToken = token;
        liveToken = null;
      } else if (state === 'suspended') {
        await (await moderator.call()).moderation.suspend({ userId: user.id, days: 30, ...SUSPEND_REASONS });
        // A session that slipped through the suspension (suspending deletes them): still no way in.
        const { token: session } = await createSession(database.db, user.id, { aal: 1, ip: null, userAgent: null });
        user.client.token = session;
        user.headers = { ...sameOrigin, cookie: `tonieshelf_session=${session}` };
      }
    }
    return {
      state,
      user,
      displayName: `${firstName} ${lastName}`,
      tonies,
      category,
      review: { id: review.id, tonieId: reviewedTonie.id, text },
      audio: { id: audio.id, title: audioTitle, tag: audioTag },
      set: { id: set.id, title: setTitle },
      liveToken,
      deadToken,
      settings: { publicShelves, showReviews },
    };
  }

  const owners = new Map<OwnerState, Promise<ShelfOwner>>();
  const anonymous = new TestClient(database);
  const clientOf = (viewer: Viewer, owner: ShelfOwner) =>
    viewer === 'anonymous' ? anonymous : viewer === 'other' ? other.client : viewer === 'moderator' ? moderator.client : owner.user.client;
  const headersOf = (viewer: Viewer, owner: ShelfOwner) =>
    viewer === 'anonymous' ? { ...sameOrigin } : viewer === 'other' ? other.headers : viewer === 'moderator' ? moderator.headers : owner.user.headers;

  return {
    database,
    other,
    moderator,
    spare,
    votedReview,
    owner(state) {
      let made = owners.get(state);
      if (!made) {
        made = makeOwner(state);
        owners.set(state, made);
      }
      return made;
    },
    transport(kind, viewer, owner, app) {
      return kind === 'trpc' ? trpcTransport(clientOf(viewer, owner)) : restTransport(app, headersOf(viewer, owner));
    },
    headers: headersOf,
    async rowsOf(userId) {
      return database.db.selectFrom('shelf_items').select(['tonie_id', 'status', 'favourite']).where('user_id', '=', userId).orderBy('tonie_id').execute();
    },
  };
}

export type Kind = 'trpc' | 'rest';
const KINDS: Kind[] = ['trpc', 'rest'];

export interface Cell {
  kind: Kind;
  state: OwnerState;
  viewer: Viewer;
}

/** Every way in × owner state × viewer. */
export function matrix(kinds: readonly Kind[] = KINDS, states: readonly OwnerState[] = OWNER_STATES, viewers: readonly Viewer[] = VIEWERS): Cell[] {
  return kinds.flatMap((kind) => states.flatMap((state) => viewers.map((viewer) => ({ kind, state, viewer }))));
}

/** What a cell's test works with: the viewer's way in, the owner, and who the viewer is. */
interface CellContext {
  t: Transport;
  /** The same way in, signed out (to see what the public sees after a write). */
  anonymous: Transport;
  owner: ShelfOwner;
  viewer: Viewer;
  /** The viewer's session is a live, fully signed-in one. */
  live: boolean;
  /** The viewer's username (null for an anonymous visitor). */
  me: string | null;
}

/** The context of one cell: the owner in the cell's state and the viewer's transports into `app`. */
export async function cellContext(world: ShelfWorld, cell: Cell, app: FastifyInstance): Promise<CellContext> {
  const owner = await world.owner(cell.state);
  const me = cell.viewer === 'anonymous' ? null : cell.viewer === 'other' ? world.other.username : cell.viewer === 'moderator' ? world.moderator.username : owner.user.username;
  return {
    t: world.transport(cell.kind, cell.viewer, owner, app),
    anonymous: world.transport(cell.kind, 'anonymous', owner, app),
    owner,
    viewer: cell.viewer,
    live: signedIn(cell.viewer, cell.state),
    me,
  };
}

// ---------------------------------------------------------------------------------------------
// Assertions of the cells.
// ---------------------------------------------------------------------------------------------

/** The answer has this status (and this message code, when given). */
export function expectStatus(a: Answer, status: number, message?: string) {
  expect(a.status, a.body).toBe(status);
  if (message !== undefined) expect(a.message, a.body).toBe(message);
}
/** None of `markers` occurs anywhere in the raw answer. */
export function expectNoLeak(a: Answer, markers: readonly (string | null)[]) {
  expect(
    leaked(
      a.body,
      markers.filter((m): m is string => !!m),
    ),
  ).toEqual([]);
}
/** Every text of the owner's shelves and links that an answer to someone else must not carry. */
export const secrets = (o: ShelfOwner) => [...allShelfMarkers(o), o.liveToken, o.deadToken];
/** The Tonie ids of a list answer, in ascending order. */
export const ids = (json: unknown) => ((json as { tonies?: Array<{ id: number }> } | null)?.tonies ?? []).map((x) => x.id).sort((a, b) => a - b);
export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** One test per cell, its title saying what it expects (it.each would cut long titles short). */
export function eachCell<T extends Cell>(cells: T[], name: (c: T) => string, outcome: (c: T) => string, run: (c: T) => Promise<void>) {
  for (const c of cells) it(`${name(c)} via ${c.kind} as ${c.viewer}, owner ${c.state} -> ${outcome(c)}`, () => run(c));
}
