// People and content written straight into a test database: signed-in users (no password hashing
// in every test), the files the upload routes would have stored (bytes in storage plus the pending
// row), shared audio made from them, and Tonies, audio rows and reviews inserted directly.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { CreateAudioInput } from '@tonieshelf/shared/schemas/audio';
import { createSession } from '../../src/auth/session';
import type { Role } from '../../src/db/types';
import { insertPendingUpload } from '../../src/repositories/uploads';
import { audioKey, coverKey } from '../../src/storage/keys';
import type { Storage } from '../../src/storage/storage';
import { sameOrigin } from './app';
import { TestClient } from './auth';
import type { TestDatabase } from './db';

let seq = 0;
/** A text no other call in this run returns (for names, emails, titles and tags). */
export const unique = () => `${process.pid}x${++seq}x${Math.random().toString(36).slice(2, 7)}`;

export interface SignedInUser {
  id: string;
  username: string;
  client: TestClient;
  call: () => ReturnType<TestClient['caller']>;
  /** Headers of a same-origin browser request with this user's session cookie. */
  headers: Record<string, string>;
}

interface SignedInOptions {
  role?: Role;
  firstName?: string;
  lastName?: string;
  /** Where the user's calls store files (default: the context's temp-dir storage). */
  storage?: Storage;
  /** The client's address (default: one of its own). */
  ip?: string;
}

/** A verified user with a session, inserted directly; their calls go through a TestClient. */
export async function signedInUser(database: TestDatabase, options: SignedInOptions = {}): Promise<SignedInUser> {
  const tag = unique();
  const user = await database.db
    .insertInto('users')
    .values({
      email: `u${tag}@example.com`,
      username: `user${tag}`,
      first_name: options.firstName ?? 'Owen',
      last_name: options.lastName ?? 'Owner',
      password_hash: 'x',
      email_verified_at: new Date(),
      role: options.role ?? 'user',
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  const { token } = await createSession(database.db, user.id, { aal: 1, ip: null, userAgent: null });
  const client = new TestClient(database, options.ip, options.storage);
  client.token = token;
  return { ...user, client, call: () => client.caller(), headers: { ...sameOrigin, cookie: `tonieshelf_session=${token}` } };
}

interface UploadOptions {
  /** Seconds of audio (61.5 by default). */
  duration?: number;
  /** The file's name (default: a unique one ending in .mp3 or .png, or in `ext`). */
  name?: string;
  ext?: string;
  /** The storage key (default: where the upload routes put such a file). */
  filePath?: string;
}

/** A file the upload routes would have stored for the user: its bytes in `storage` plus the pending row; its key. */
export async function storePendingUpload(
  database: TestDatabase,
  storage: Storage,
  userId: string,
  kind: 'audio' | 'cover' = 'audio',
  options: UploadOptions = {},
): Promise<string> {
  const name = options.name ?? `${kind}-${unique()}.${options.ext ?? (kind === 'audio' ? 'mp3' : 'png')}`;
  const key = options.filePath ?? (kind === 'audio' ? audioKey(userId, name) : coverKey(name));
  const bytes = Buffer.from(`${kind} bytes of ${name}`);
  const mimeType = kind === 'audio' ? 'audio/mpeg' : 'image/png';
  await storage.put(key, Readable.from([bytes]), { contentType: mimeType });
  await insertPendingUpload(database.db, {
    user_id: userId,
    kind,
    file_path: key,
    file_name: name,
    file_size: bytes.length,
    mime_type: mimeType,
    duration: kind === 'audio' ? (options.duration ?? 61.5) : null,
  });
  return key;
}

/** What every new upload states: its licence and the uploader's right to share it. */
export const RIGHTS = { licence: 'cc-by-4.0', rightsConfirmed: true } as const;

interface ShareFields {
  title?: string;
  status?: 'draft' | 'published';
  tags?: string[];
  description?: string;
  /** With a cover image. */
  cover?: boolean;
  duration?: number;
}

/** An audio file the owner uploaded and created through audio.create (published, CC BY 4.0, by default). */
export async function shareAudio(database: TestDatabase, storage: Storage, owner: Pick<SignedInUser, 'id' | 'call'>, fields: ShareFields = {}) {
  const filePath = await storePendingUpload(database, storage, owner.id, 'audio', { duration: fields.duration });
  const coverPath = fields.cover ? await storePendingUpload(database, storage, owner.id, 'cover') : undefined;
  const input: CreateAudioInput = {
    ...RIGHTS,
    title: fields.title ?? `Song ${unique()}`,
    description: fields.description,
    tags: fields.tags ?? [],
    status: fields.status ?? 'published',
    filePath,
    coverPath,
  };
  return (await owner.call()).audio.create(input);
}

let article = 0;
/** A Tonie of the catalogue; its id. */
export async function insertTonie(database: TestDatabase, name = 'The Gruffalo', category = 'Audio play'): Promise<number> {
  article += 1;
  const row = await database.db
    .insertInto('tonies')
    .values({ article: `T-${process.pid}-${article}`, name, category })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let fileCounter = 0;
/** An audio file row of the user (published, CC BY 4.0, by default) with no stored bytes; its id. */
export async function insertAudio(
  database: TestDatabase,
  userId: string,
  overrides: { title?: string; status?: 'draft' | 'published'; description?: string } = {},
): Promise<number> {
  fileCounter += 1;
  const status = overrides.status ?? 'published';
  const row = await database.db
    .insertInto('audio_files')
    .values({
      user_id: userId,
      title: overrides.title ?? `Song ${fileCounter}`,
      description: overrides.description ?? 'A song for bedtime',
      status,
      published_at: status === 'published' ? new Date() : null,
      file_path: `audio/${userId}/mod-${process.pid}-${fileCounter}.mp3`,
      file_name: 'song.mp3',
      file_size: 1000,
      mime_type: 'audio/mpeg',
      licence: 'cc-by-4.0',
      rights_confirmed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A four-star review of the Tonie by the user; its id. */
export async function insertReview(database: TestDatabase, tonieId: number, userId: string, review = 'Wonderful voices and a calm story for the evening'): Promise<number> {
  const row = await database.db.insertInto('ratings').values({ tonie_id: tonieId, user_id: userId, rating: 4, review }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Sets when a row was made (created_at cannot be changed through the typed builder). */
export async function backdate(database: TestDatabase, table: 'ratings' | 'audio_files', id: number, at: Date): Promise<void> {
  await sql`update ${sql.table(table)} set created_at = ${at} where id = ${id}`.execute(database.db);
}
