// Sets and their audio written straight into a test database (SQL), with the audio's bytes in a
// storage: for the ZIP and feed tests, which must not wait on the set procedures.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { audioKey } from '../../src/storage/keys';
import type { Storage } from '../../src/storage/storage';
import { unique } from './content';
import type { TestDatabase } from './db';

interface StoredAudio {
  id: number;
  title: string;
  filePath: string;
  bytes: Buffer;
}

interface AudioOptions {
  title?: string;
  /** The file's bytes (default: 2 KB of random bytes). */
  bytes?: Buffer;
  licence?: Licence;
  status?: 'draft' | 'published';
  duration?: number | null;
  fileName?: string;
  mimeType?: string;
  tags?: string[];
  publishedAt?: Date;
}

/** An audio file of `ownerId`: its bytes in `storage` and its row (published, CC BY 4.0, 61.5 s by default). */
export async function storedAudio(database: TestDatabase, storage: Storage, ownerId: string, options: AudioOptions = {}): Promise<StoredAudio> {
  const title = options.title ?? `Song ${unique()}`;
  const fileName = options.fileName ?? `song-${unique()}.mp3`;
  const bytes = options.bytes ?? randomBytes(2048);
  const filePath = audioKey(ownerId, fileName, Date.now() + Math.floor(Math.random() * 1e6));
  await storage.put(filePath, Readable.from(chunks(bytes)), { contentType: options.mimeType ?? 'audio/mpeg' });
  const status = options.status ?? 'published';
  const row = await database.db
    .insertInto('audio_files')
    .values({
      user_id: ownerId,
      title,
      description: null,
      script_text: null,
      status,
      file_path: filePath,
      file_name: fileName,
      file_size: bytes.length,
      mime_type: options.mimeType ?? 'audio/mpeg',
      duration: options.duration === undefined ? 61.5 : options.duration,
      cover_path: null,
      cover_mime_type: null,
      licence: options.licence ?? 'cc-by-4.0',
      published_at: status === 'published' ? (options.publishedAt ?? new Date()) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of options.tags ?? []) {
    const tag =
      (await database.db.selectFrom('audio_tags').select('id').where('name', '=', name).executeTakeFirst()) ??
      (await database.db.insertInto('audio_tags').values({ name }).returning('id').executeTakeFirstOrThrow());
    await database.db.insertInto('audio_file_tags').values({ audio_file_id: row.id, tag_id: tag.id }).execute();
  }
  return { id: row.id, title, filePath, bytes };
}

function* chunks(bytes: Buffer, size = 64 * 1024) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

interface SetOptions {
  title?: string;
  description?: string | null;
  status?: 'draft' | 'published';
  publishedAt?: Date;
}

/** A set of `ownerId` with these audio files as its chapters, in this order; its id. */
export async function insertSet(database: TestDatabase, ownerId: string, audioIds: readonly number[], options: SetOptions = {}): Promise<number> {
  const status = options.status ?? 'published';
  const { id } = await database.db
    .insertInto('sets')
    .values({
      user_id: ownerId,
      title: options.title ?? `Set ${unique()}`,
      description: options.description ?? null,
      status,
      published_at: status === 'published' ? (options.publishedAt ?? new Date()) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (audioIds.length > 0) {
    await database.db
      .insertInto('set_chapters')
      .values(audioIds.map((audio_file_id, i) => ({ set_id: id, audio_file_id, position: i + 1 })))
      .execute();
  }
  return id;
}
