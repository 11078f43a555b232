// The moderators' writes and what they read: the append-only audit log (moderation_actions),
// contests, the items moderators act on (audio files, reviews, sets, users) whatever their visibility,
// hiding and restoring them, suspensions and roles.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, DB, Role } from '../db/types';
import { escapeLike } from './query-helpers';

export type ActionRow = Selectable<DB['moderation_actions']>;
export type ContestRow = Selectable<DB['contests']>;
type NewAction = Insertable<DB['moderation_actions']>;

/** Who acted, as the log keeps it (the name as it was). */
export interface Actor {
  id: string | null;
  name: string;
}

/** An audit row's columns naming `actor` (the name as it was, cut to the column's 100 characters). */
export const actorColumns = (actor: Actor) => ({ actor_id: actor.id, actor_name: actor.name.slice(0, 100) });

/** An audit row's columns naming a user account as its target (the account is its own owner; its username as it was). */
export const userTargetColumns = (user: { id: string; username: string }) => ({
  target_type: 'user' as const,
  target_id: user.id,
  target_owner_id: user.id,
  target_label: user.username,
});

// ------------------------------------------------------------------------------------------------
// The audit log
// ------------------------------------------------------------------------------------------------

export function insertAction(db: Db, row: NewAction): Promise<ActionRow> {
  return db.insertInto('moderation_actions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findAction(db: Db, id: number): Promise<ActionRow | undefined> {
  return db.selectFrom('moderation_actions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function actionsByIds(db: Db, ids: readonly number[]): Promise<ActionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Decisions that concern a user (not their own contests, not dismissals), newest first. */
export function decisionsConcerning(db: Db, userId: string, limit = 100): Promise<ActionRow[]> {
  return db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_owner_id', '=', userId)
    .where('action', 'in', ['hide', 'restore', 'delete', 'suspend', 'unsuspend', 'uphold'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The newest label the log has for each item ('audio:12' keys; an item deleted since keeps its
 * name there), in one query; items the log never named are missing from the map.
 */
export async function lastLabelsOf(db: Db, refs: readonly { type: string; id: string }[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderation_actions')
    .distinctOn(['target_type', 'target_id'])
    .select(['target_type', 'target_id', 'target_label'])
    .where((eb) => eb.or(refs.map((r) => eb.and([eb('target_type', '=', r.type as ActionRow['target_type']), eb('target_id', '=', r.id)]))))
    .where('target_label', 'is not', null)
    .orderBy('target_type')
    .orderBy('target_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [`${r.target_type}:${r.target_id}`, r.target_label!]));
}

export async function logPage(
  db: Db,
  filter: { targetType?: ActionRow['target_type'] | undefined; targetId?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: (ActionRow & { report_references: string[] })[]; total: number }> {
  let q = db.selectFrom('moderation_actions');
  if (filter.targetType) q = q.where('moderation_actions.target_type', '=', filter.targetType);
  if (filter.targetId) q = q.where('moderation_actions.target_id', '=', filter.targetId);
  const [rows, count] = await Promise.all([
    q
      .selectAll('moderation_actions')
      .select(
        sql<string[]>`coalesce((select array_agg(r.reference order by r.id) from reports r where r.id = any(moderation_actions.report_ids)), '{}'::text[])`.as('report_references'),
      )
      .orderBy('moderation_actions.created_at', 'desc')
      .orderBy('moderation_actions.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ------------------------------------------------------------------------------------------------
// Contests
// ------------------------------------------------------------------------------------------------

export function insertContest(db: Db, row: { decision_id: number; user_id: string; explanation: string }): Promise<ContestRow> {
  return db.insertInto('contests').values(row).returningAll().executeTakeFirstOrThrow();
}

export function contestOfDecision(db: Db, decisionId: number): Promise<ContestRow | undefined> {
  return db.selectFrom('contests').selectAll().where('decision_id', '=', decisionId).executeTakeFirst();
}

export function contestsOfDecisions(db: Db, decisionIds: readonly number[]): Promise<ContestRow[]> {
  if (decisionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contests')
    .selectAll()
    .where('decision_id', 'in', [...decisionIds])
    .execute();
}

export function lockContest(db: Db, id: number): Promise<ContestRow | undefined> {
  return db.selectFrom('contests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function resolveContest(db: Db, id: number, status: 'upheld' | 'reversed'): Promise<void> {
  await db.updateTable('contests').set({ status, resolved_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Open contests with their contester's name, oldest first. */
export function openContests(db: Db): Promise<(ContestRow & { username: string | null })[]> {
  return db
    .selectFrom('contests')
    .leftJoin('users', 'users.id', 'contests.user_id')
    .selectAll('contests')
    .select('users.username')
    .where('contests.status', '=', 'open')
    .orderBy('contests.created_at')
    .orderBy('contests.id')
    .execute();
}

// ------------------------------------------------------------------------------------------------
// Items, whatever their visibility
// ------------------------------------------------------------------------------------------------

export interface AudioItem {
  id: number;
  user_id: string;
  title: string;
  description: string | null;
  status: 'draft' | 'published';
  file_path: string;
  cover_path: string | null;
  hidden_at: Date | null;
  owner_suspended: boolean;
  owner_username: string;
  owner_suspended_until: Date | null;
}

export function findAudioItems(db: Db, ids: readonly number[], lock = false): Promise<AudioItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('audio_files')
    .innerJoin('users', 'users.id', 'audio_files.user_id')
    .select([
      'audio_files.id',
      'audio_files.user_id',
      'audio_files.title',
      'audio_files.description',
      'audio_files.status',
      'audio_files.file_path',
      'audio_files.cover_path',
      'audio_files.hidden_at',
      'audio_files.owner_suspended',
      'users.username as owner_username',
      'users.suspended_until as owner_suspended_until',
    ])
    .where('audio_files.id', 'in', [...ids]);
  if (lock) q = q.forUpdate(['audio_files']);
  return q.execute();
}

export interface ReviewItem {
  id: number;
  tonie_id: number;
  tonie_name: string;
  user_id: string | null;
  rating: number;
  review: string | null;
  hidden_at: Date | null;
  owner_suspended: boolean;
  owner_username: string | null;
  owner_suspended_until: Date | null;
}

export function findReviewItems(db: Db, ids: readonly number[], lock = false): Promise<ReviewItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('ratings')
    .innerJoin('tonies', 'tonies.id', 'ratings.tonie_id')
    .leftJoin('users', 'users.id', 'ratings.user_id')
    .select([
      'ratings.id',
      'ratings.tonie_id',
      'tonies.name as tonie_name',
      'ratings.user_id',
      'ratings.rating',
      'ratings.review',
      'ratings.hidden_at',
      'ratings.owner_suspended',
      'users.username as owner_username',
      'users.suspended_until as owner_suspended_until',
    ])
    .where('ratings.id', 'in', [...ids]);
  if (lock) q = q.forUpdate(['ratings']);
  return q.execute();
}

export interface SetItem {
  id: number;
  user_id: string;
  title: string;
  description: string | null;
  status: 'draft' | 'published';
  cover_path: string | null;
  chapter_count: number;
  hidden_at: Date | null;
  owner_suspended: boolean;
  owner_username: string;
  owner_suspended_until: Date | null;
}

export function findSetItems(db: Db, ids: readonly number[], lock = false): Promise<SetItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('sets')
    .innerJoin('users', 'users.id', 'sets.user_id')
    .select([
      'sets.id',
      'sets.user_id',
      'sets.title',
      'sets.description',
      'sets.status',
      'sets.cover_path',
      'sets.chapter_count',
      'sets.hidden_at',
      'sets.owner_suspended',
      'users.username as owner_username',
      'users.suspended_until as owner_suspended_until',
    ])
    .where('sets.id', 'in', [...ids]);
  if (lock) q = q.forUpdate(['sets']);
  return q.execute();
}

export interface UserItem {
  id: string;
  username: string;
  email: string;
  role: Role;
  suspended_until: Date | null;
}

const USER_ITEM_COLUMNS = ['id', 'username', 'email', 'role', 'suspended_until'] as const;

export function findUserItems(db: Db, ids: readonly string[], lock = false): Promise<UserItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('users')
    .select(USER_ITEM_COLUMNS)
    .where('id', 'in', [...ids]);
  if (lock) q = q.forUpdate();
  return q.execute();
}

export async function setAudioHidden(db: Db, id: number, hidden: boolean): Promise<void> {
  await db
    .updateTable('audio_files')
    .set({ hidden_at: hidden ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
}

export async function setSetHidden(db: Db, id: number, hidden: boolean): Promise<void> {
  await db
    .updateTable('sets')
    .set({ hidden_at: hidden ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
}

export async function setReviewHidden(db: Db, id: number, hidden: boolean): Promise<void> {
  await db
    .updateTable('ratings')
    .set({ hidden_at: hidden ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
}

/** Deletes an audio file's record (likes, tags and downloads go with it); its stored files' keys. */
export async function deleteAudioItem(db: Db, id: number): Promise<string[]> {
  const row = await db.deleteFrom('audio_files').where('id', '=', id).returning(['file_path', 'cover_path']).executeTakeFirst();
  return row ? [row.file_path, row.cover_path].filter((k): k is string => Boolean(k)) : [];
}

/** Deletes a set (its chapters, tags, likes and notices go with it; the chapters' audio files stay); its cover's key. */
export async function deleteSetItem(db: Db, id: number): Promise<string[]> {
  const row = await db.deleteFrom('sets').where('id', '=', id).returning('cover_path').executeTakeFirst();
  return row?.cover_path ? [row.cover_path] : [];
}

export async function deleteReviewItem(db: Db, id: number): Promise<void> {
  await db.deleteFrom('ratings').where('id', '=', id).execute();
}

// ------------------------------------------------------------------------------------------------
// Suspensions and roles
// ------------------------------------------------------------------------------------------------

/** Sets (or with null lifts) a suspension and marks every audio file, review and set of the user alike. */
export async function setSuspension(db: Db, userId: string, until: Date | null): Promise<void> {
  await db.updateTable('users').set({ suspended_until: until }).where('id', '=', userId).execute();
  const suspended = until !== null;
  await db.updateTable('audio_files').set({ owner_suspended: suspended }).where('user_id', '=', userId).where('owner_suspended', '=', !suspended).execute();
  await db.updateTable('ratings').set({ owner_suspended: suspended }).where('user_id', '=', userId).where('owner_suspended', '=', !suspended).execute();
  await db.updateTable('sets').set({ owner_suspended: suspended }).where('user_id', '=', userId).where('owner_suspended', '=', !suspended).execute();
}

/** Users whose suspension has ended but is still recorded (the job and sign-in lift them). */
export function expiredSuspensions(db: Db, now: Date, limit = 100): Promise<{ id: string }[]> {
  return db.selectFrom('users').select('id').where('suspended_until', '<=', now).limit(limit).execute();
}

export function listStaff(db: Db): Promise<UserItem[]> {
  return db.selectFrom('users').select(USER_ITEM_COLUMNS).where('role', '<>', 'user').orderBy('role').orderBy('username').execute();
}

const likePrefix = (q: string) => `${escapeLike(q.toLowerCase())}%`;

/** Users whose username or email starts with `query` (case-insensitive), at most `limit`. */
export function findUsersByPrefix(db: Db, query: string, limit: number): Promise<UserItem[]> {
  const prefix = likePrefix(query);
  return db
    .selectFrom('users')
    .select(USER_ITEM_COLUMNS)
    .where((eb) => eb.or([eb(sql`lower(username)`, 'like', prefix), eb(sql`lower(email)`, 'like', prefix)]))
    .orderBy('username')
    .limit(limit)
    .execute();
}

export function findUserByEmailForUpdate(db: Db, email: string): Promise<UserItem | undefined> {
  return db.selectFrom('users').select(USER_ITEM_COLUMNS).where(sql`lower(email)`, '=', email.trim().toLowerCase()).forUpdate().executeTakeFirst();
}

export async function setUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}
