// Set rules: who may see and change a set (published and visible sets for everyone; drafts and
// hidden sets only for their owner, hidden ones also for staff by id; changes only by the owner),
// the Creative-Tonie budget (99 chapters, 90 minutes) on every add and at publishing, which audio
// may be a chapter (the owner's own files, drafts included while the set is a draft; other
// people's published, visible files under a licence that allows sharing), reordering, likes,
// and what a deleted audio file leaves behind (a notice to each set owner). Procedures and the
// ZIP and feed routes call these; all SQL is in repositories/sets.ts.
import type {
  CreateSet,
  MySetsQuery,
  SetDetail,
  SetList,
  SetListQuery,
  UpdateSet,
} from '@tonieshelf/shared/schemas/set';
import type { SessionUser } from '../accounts/mappers';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';

type StorageDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;
/** Who looks: their id and role, or null. */
type Viewer = Pick<SessionUser, 'id' | 'role'> | null;
/** Who changes a set: publishing needs a verified email address (as for audio). */
type Publisher = { id: string; emailVerified: boolean };

const todo = (): never => {
  throw new Error('sets: not built yet');
};

/** /sets: one page of published, visible sets (the same for everyone, so cacheable). */
export async function discover(_db: Db, _query: SetListQuery): Promise<SetList> {
  return todo();
}

/** Adds the viewer's likes and live counts to a cached /sets page. */
export async function forViewer(_db: Db, page: SetList, _viewerId: string | null): Promise<SetList> {
  return page;
}

/** /sets/mine: the user's own sets, drafts and hidden ones too, most recently changed first. */
export async function listMine(_db: Db, _userId: string, _query: MySetsQuery): Promise<SetList> {
  return todo();
}

/** One set with its chapters as the viewer may see it; NOT_FOUND for a draft or hidden set of someone else. */
export async function byId(_db: Db, _id: number, _viewer: Viewer): Promise<SetDetail> {
  return todo();
}

export async function create(_db: Db, _user: Publisher, _input: CreateSet): Promise<SetDetail> {
  return todo();
}

export async function update(_deps: StorageDeps, _user: Publisher, _input: UpdateSet): Promise<SetDetail> {
  return todo();
}

export async function remove(_deps: StorageDeps, _userId: string, _id: number): Promise<{ ok: true; id: number }> {
  return todo();
}

export async function addChapters(_db: Db, _userId: string, _id: number, _audioFileIds: number[]): Promise<SetDetail> {
  return todo();
}

export async function removeChapter(_db: Db, _userId: string, _id: number, _audioFileId: number): Promise<SetDetail> {
  return todo();
}

export async function reorder(_db: Db, _userId: string, _id: number, _audioFileIds: number[]): Promise<SetDetail> {
  return todo();
}

export async function dismissNotices(_db: Db, _userId: string, _id: number): Promise<SetDetail> {
  return todo();
}

export async function toggleLike(_db: Db, _userId: string, _id: number): Promise<{ liked: boolean }> {
  return todo();
}
