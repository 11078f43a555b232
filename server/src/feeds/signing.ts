// Enclosure links of the podcast feeds work without a session, so each carries a signature:
// base64url(HMAC-SHA256(key, `audio:{id}:{file_path}`)), cut to SIGNATURE_LENGTH characters
// (192 bits). The key is the server's 'feeds' key (server_keys: made once, shared by every
// instance). The storage path is signed, so replacing the file (a new path) kills old links; a
// link never expires otherwise (podcast apps keep them for good), and the file is checked live on
// every fetch (published, visible, shareable), so hiding, suspension, deletion or a licence change
// ends it at once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/types';
import { cachedServerKey } from '../auth/server-keys';

const FEED_KEY_NAME = 'feeds';
const SIGNATURE_LENGTH = 32;

export const feedKey = (db: Db): Promise<Buffer> => cachedServerKey(db, FEED_KEY_NAME);

export function signAudio(key: Buffer, id: number, filePath: string): string {
  return createHmac('sha256', key).update(`audio:${id}:${filePath}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/** Whether `signature` is the file's current one (compared in constant time). */
export function verifyAudioSignature(key: Buffer, id: number, filePath: string, signature: string): boolean {
  const expected = Buffer.from(signAudio(key, id, filePath));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
