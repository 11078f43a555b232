// Upload routes and file serving over HTTP (app.inject with hand-built multipart bodies): real
// audio, the limits (413) and types by bytes (415) with nothing left behind, names that try
// tricks, and who may read a stored file (ranges, nosniff, disposition).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/values/audio';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import { quietLog } from '../src/deps';
import { cleanStaleUploads } from '../src/jobs/cleanup';
import { LocalStorage } from '../src/storage/local';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { fixture, multipart, wav, type Part } from './helpers/audio';
import { newUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { startS3Server, type TestS3Server } from './helpers/s3';

let database: TestDatabase;
let dataDir: string;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-uploads-'));
  storage = new LocalStorage(path.join(dataDir, 'uploads'));
  app = await buildApp({ config: testConfig({ dataDir }), db: database.db, storage, mailer: createMemoryMailer() });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
/** A cookie jar over app.inject, sending our Origin on every state-changing call. */
class Browser {
  cookie = '';
  userId = '';
  readonly ip = `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  constructor(private readonly server: () => FastifyInstance = () => app) {}

  async register() {
    const res = await this.request({ method: 'POST', url: '/api/auth/register', payload: newUser() });
    expect(res.statusCode).toBe(201);
    this.userId = res.json().id;
    // As if the verification link were opened: publishing needs a verified address.
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', this.userId).execute();
    return this;
  }

  async request(opts: InjectOptions) {
    const res = await this.server().inject({
      ...opts,
      remoteAddress: this.ip,
      headers: {
        ...(opts.method === 'GET' || opts.method === 'HEAD' ? {} : { origin: TEST_ORIGIN }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(opts.headers ?? {}),
      },
    });
    const set = res.cookies.find((c) => c.name.endsWith('tonieshelf_session'));
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : '';
    return res;
  }

  /** Posts a multipart body; with `chunk`, as a stream of pieces of that size (as a network delivers it). */
  upload(url: string, parts: Part[], chunk?: number) {
    const { payload, headers } = multipart(parts);
    if (!chunk) return this.request({ method: 'POST', url, payload, headers });
    const pieces = function* () {
      for (let i = 0; i < payload.length; i += chunk) yield payload.subarray(i, i + chunk);
    };
    return this.request({ method: 'POST', url, payload: Readable.from(pieces()), headers: { ...headers, 'content-length': String(payload.length) } });
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
}

const anonymous = () => new Browser();
const signedIn = () => new Browser().register();

async function pendingRows(userId: string) {
  return database.db.selectFrom('pending_uploads').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Every stored file under the uploads root, and every temp file (nothing should linger). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
async function tempFiles(): Promise<string[]> {
  return fs.readdir(path.join(dataDir, 'tmp')).catch(() => []);
}

async function stored(key: string): Promise<Buffer> {
  return fs.readFile(path.join(dataDir, 'uploads', key));
}

describe('POST /api/uploads/audio', () => {
  it('upload page, a WAV made in code, as a signed-in user -> 201 with path, safe name, size, real duration, type; stored; pending row', async () => {
    const b = await signedIn();
    const data = wav({ seconds: 2 });
    const res = await b.upload('/api/uploads/audio?variant=upload', [{ filename: 'Gute Nacht.wav', contentType: 'audio/wav', data }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      filePath: expect.stringMatching(new RegExp(`^audio-files/${b.userId}/\\d{13}_Gute-Nacht\\.wav$`)),
      fileName: 'Gute-Nacht.wav',
      fileSize: data.length,
      duration: 2,
      mimeType: 'audio/wav',
      fileUrl: `/files/${body.filePath}`,
      analysis: 'ready',
      waveform: expect.any(Array),
      loudnessLufs: expect.any(Number),
      peakDbfs: expect.any(Number),
    });
    expect((await stored(body.filePath)).equals(data)).toBe(true);
    const rows = await pendingRows(b.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'audio', file_path: body.filePath, file_name: 'Gute-Nacht.wav', file_size: data.length, mime_type: 'audio/wav', duration: 2 });
    expect(await tempFiles()).toEqual([]);
  });

  it('upload page (default variant), the MP3 fixture -> 201 audio/mpeg with its duration (1.57 s)', async () => {
    const b = await signedIn();
    const data = fixture('tone.mp3');
    const res = await b.upload('/api/uploads/audio', [{ filename: 'tone.mp3', contentType: 'audio/mpeg', data }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'tone.mp3', fileSize: data.length, mimeType: 'audio/mpeg' });
    expect(res.json().duration).toBeCloseTo(1.567, 2);
  });

  it('M4A: upload page -> 415 "Please upload MP3 or WAV audio files only"; quick dialog -> 201 audio/mp4 with its duration', async () => {
    const b = await signedIn();
    const data = fixture('tone.m4a');
    const refused = await b.upload('/api/uploads/audio?variant=upload', [{ filename: 'tone.m4a', contentType: 'audio/mp4', data }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ statusCode: 415, message: 'Please upload MP3 or WAV audio files only' });
    const ok = await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'tone.m4a', contentType: 'audio/x-m4a', data }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ fileName: 'tone.m4a', mimeType: 'audio/mp4', fileSize: data.length });
    expect(ok.json().duration).toBeGreaterThan(1.9);
    expect(ok.json().duration).toBeLessThan(2.2);
    expect(await pendingRows(b.userId)).toHaveLength(1);
  });

  it('a WAV arriving in 16 KB pieces -> 201, stored whole while it arrives', async () => {
    const b = await signedIn();
    const data = wav({ seconds: 30 });
    const res = await b.upload('/api/uploads/audio', [{ filename: 'pieces.wav', data }], 16 * 1024);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileSize: data.length, duration: 30 });
    expect((await stored(res.json().filePath)).equals(data)).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });

  it('quick dialog: MP3 and WAV -> 201', async () => {
    const b = await signedIn();
    expect((await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'a.mp3', data: fixture('tone.mp3') }])).statusCode).toBe(201);
    expect((await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'b.wav', data: wav({ seconds: 1 }) }])).statusCode).toBe(201);
  });

  it('anonymous -> 401 JSON, nothing stored', async () => {
    const before = await storedFiles();
    const res = await anonymous().upload('/api/uploads/audio', [{ filename: 'tone.mp3', data: fixture('tone.mp3') }]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'UNAUTHORIZED', message: 'Please log in to upload files.' });
    expect(await storedFiles()).toEqual(before);
  });

  it('without our Origin -> 403, nothing stored', async () => {
    const b = await signedIn();
    const { payload, headers } = multipart([{ filename: 'tone.mp3', data: fixture('tone.mp3') }]);
    const res = await app.inject({ method: 'POST', url: '/api/uploads/audio', payload, headers: { ...headers, cookie: b.cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('a text file named .mp3 -> 415 with the spec message for each variant; nothing stored', async () => {
    const b = await signedIn();
    const before = await storedFiles();
    const text = 'This is not audio at all, just words pretending to be a song.\n'.repeat(20);
    const page = await b.upload('/api/uploads/audio', [{ filename: 'song.mp3', contentType: 'audio/mpeg', data: text }]);
    expect(page.statusCode).toBe(415);
    expect(page.json().message).toBe('Please upload MP3 or WAV audio files only');
    const quick = await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'song.mp3', contentType: 'audio/mpeg', data: text }]);
    expect(quick.statusCode).toBe(415);
    expect(quick.json().message).toBe('Please upload MP3, WAV or M4A audio files only');
    expect(await storedFiles()).toEqual(before);
    expect(await pendingRows(b.userId)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('images, a PDF, and an ID3 tag followed by text (looks like MP3 at first) with audio names -> 415, nothing stored', async () => {
    const b = await signedIn();
    const before = await storedFiles();
    // "ID3" with a 200,000-byte tag: the first bytes say MP3, the whole file says otherwise.
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 12, 26, 64]), Buffer.alloc(200_000), Buffer.from('plain text '.repeat(2000))]);
    for (const data of [fixture('cover.png'), fixture('cover.jpg'), Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), id3]) {
      for (const chunk of [undefined, 1000]) {
        const res = await b.upload('/api/uploads/audio', [{ filename: 'x.wav', contentType: 'audio/wav', data }], chunk);
        expect(res.statusCode).toBe(415);
      }
    }
    expect(await pendingRows(b.userId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('a truncated MP3 (cut at 60 %, and at 200 bytes) -> 415 "could not be read", nothing stored', async () => {
    const b = await signedIn();
    const mp3 = fixture('tone.mp3');
    for (const [cut, chunk] of [
      [Math.floor(mp3.length * 0.6), undefined],
      [Math.floor(mp3.length * 0.8), 512],
      [200, undefined],
    ] as const) {
      const res = await b.upload('/api/uploads/audio', [{ filename: 'cut.mp3', contentType: 'audio/mpeg', data: mp3.subarray(0, cut) }], chunk);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('The audio file could not be read. It may be damaged or incomplete.');
    }
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('a WAV header with no samples, and a cut M4A -> 415', async () => {
    const b = await signedIn();
    const header = wav({ seconds: 0 });
    expect((await b.upload('/api/uploads/audio', [{ filename: 'silence.wav', data: header }])).statusCode).toBe(415);
    const m4a = fixture('tone.m4a');
    expect((await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'cut.m4a', data: m4a.subarray(0, 3000) }])).statusCode).toBe(415);
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('an empty file -> 400 "The file is empty.", nothing stored', async () => {
    const b = await signedIn();
    const res = await b.upload('/api/uploads/audio', [{ filename: 'empty.mp3', contentType: 'audio/mpeg', data: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is empty.');
    expect(await pendingRows(b.userId)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it.each([
    ['upload', UPLOAD_AUDIO_MAX_BYTES, 'The audio file is larger than 50 MB.'],
    ['quick', QUICK_UPLOAD_MAX_BYTES, 'The audio file is larger than 20 MB.'],
  ])('%s: a WAV 1 byte over the limit (%i bytes) -> 413 naming the limit; no stored file, no temp file, no pending row', async (variant, limit, message) => {
    const b = await signedIn();
    const before = await storedFiles();
    // One byte over: a valid WAV of limit bytes plus one (odd data length is fine for the limit check).
    const data = Buffer.concat([wav({ totalBytes: limit }), Buffer.alloc(1)]);
    for (const chunk of [undefined, 256 * 1024]) {
      const res = await b.upload(`/api/uploads/audio?variant=${variant}`, [{ filename: 'big.wav', contentType: 'audio/wav', data }], chunk);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, error: 'PAYLOAD_TOO_LARGE', message });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('quick dialog: a WAV of exactly 20 MB -> 201 with its real duration', async () => {
    const b = await signedIn();
    const data = wav({ totalBytes: QUICK_UPLOAD_MAX_BYTES });
    const res = await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'long.wav', data }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().fileSize).toBe(QUICK_UPLOAD_MAX_BYTES);
    expect(res.json().duration).toBeCloseTo((QUICK_UPLOAD_MAX_BYTES - 44) / 16000, 2);
  });

  it.each([
    ['../../etc/passwd.mp3', 'passwd.mp3'],
    ['..\\..\\windows\\evil.mp3', 'evil.mp3'],
    ['"quoted" name.mp3', 'quoted-name.mp3'],
    // (A slash is a path separator: only the last segment counts.)
    ["it's <b>bold</b>.mp3", 'b.mp3'],
    ["it's a 'quote'; rm -rf *.mp3", 'it-s-a-quote-rm-rf.mp3'],
    ['Schlaflied für Émile 🎵.mp3', 'Schlaflied-fur-Emile.mp3'],
    ['🎵🎶.mp3', 'mp3.mp3'],
    ['', 'file.mp3'],
    ['notes.txt', 'notes.txt.mp3'],
  ])('file name %j -> stored safely as %j inside the user folder', async (name, expected) => {
    const b = await signedIn();
    const res = await b.upload('/api/uploads/audio', [{ filename: name, contentType: 'audio/mpeg', data: fixture('tone.mp3') }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.fileName).toBe(expected);
    expect(body.filePath).toMatch(new RegExp(`^audio-files/${b.userId}/\\d{13}_${expected.replace(/\./g, '\\.')}$`));
    expect(await stored(body.filePath)).toEqual(fixture('tone.mp3'));
  });

  it('the same name twice -> two distinct stored files (never overwritten)', async () => {
    const b = await signedIn();
    const first = await b.upload('/api/uploads/audio', [{ filename: 'same.wav', data: wav({ seconds: 1 }) }]);
    const second = await b.upload('/api/uploads/audio', [{ filename: 'same.wav', data: wav({ seconds: 2 }) }]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json().filePath).not.toBe(second.json().filePath);
    expect((await stored(first.json().filePath)).length).toBe(wav({ seconds: 1 }).length);
  });

  it('not multipart (JSON), no file part, two files, or a bad variant -> 400 with a clear message', async () => {
    const b = await signedIn();
    const json = await b.request({ method: 'POST', url: '/api/uploads/audio', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the file as multipart/form-data.');
    const noFile = await b.upload('/api/uploads/audio', [{ field: 'title', data: 'Only a title' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please select a file to upload.');
    const two = await b.upload('/api/uploads/audio', [
      { filename: 'a.mp3', data: fixture('tone.mp3') },
      { field: 'other', filename: 'b.mp3', data: fixture('tone.mp3') },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one file per upload.');
    const variant = await b.upload('/api/uploads/audio?variant=huge', [{ filename: 'a.mp3', data: fixture('tone.mp3') }]);
    expect(variant.statusCode).toBe(400);
    expect(variant.json().message).toBe('variant must be upload or quick');
    expect(await pendingRows(b.userId)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it('a body cut off in the middle of the file -> 400, no temp file and no pending row', async () => {
    const b = await signedIn();
    const { payload, headers } = multipart([{ filename: 'a.wav', data: wav({ seconds: 3 }) }]);
    const res = await b.request({ method: 'POST', url: '/api/uploads/audio', payload: payload.subarray(0, payload.length - 5000), headers });
    expect(res.statusCode).toBe(400);
    expect(await pendingRows(b.userId)).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });
});

describe('POST /api/uploads/cover', () => {
  it('PNG and JPG -> 201 with a cover-images path, type from the bytes, pending cover rows', async () => {
    const b = await signedIn();
    const png = await b.upload('/api/uploads/cover', [{ filename: 'My Cover.png', contentType: 'image/png', data: fixture('cover.png') }]);
    expect(png.statusCode).toBe(201);
    expect(png.json()).toEqual({
      filePath: expect.stringMatching(/^cover-images\/\d{13}_cover_My-Cover\.png$/),
      fileName: 'My-Cover.png',
      fileSize: fixture('cover.png').length,
      mimeType: 'image/png',
      fileUrl: `/files/${png.json().filePath}`,
    });
    const jpg = await b.upload('/api/uploads/cover', [{ filename: 'photo.jpeg', contentType: 'image/jpeg', data: fixture('cover.jpg') }]);
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json()).toMatchObject({ fileName: 'photo.jpeg', mimeType: 'image/jpeg' });
    const rows = await pendingRows(b.userId);
    expect(rows.map((r) => [r.kind, r.mime_type, r.duration])).toEqual([
      ['cover', 'image/png', null],
      ['cover', 'image/jpeg', null],
    ]);
  });

  it('an MP3, a text file or a GIF named .png -> 415 "Please upload JPG or PNG images only"', async () => {
    const b = await signedIn();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    for (const data of [fixture('tone.mp3'), Buffer.from('not an image'), gif]) {
      const res = await b.upload('/api/uploads/cover', [{ filename: 'cover.png', contentType: 'image/png', data }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Please upload JPG or PNG images only');
    }
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('a PNG of exactly 5 MB -> 201; 1 byte over -> 413 "The cover image is larger than 5 MB.", nothing left', async () => {
    const b = await signedIn();
    const png = fixture('cover.png');
    const exact = Buffer.concat([png, Buffer.alloc(COVER_MAX_BYTES - png.length)]);
    expect((await b.upload('/api/uploads/cover', [{ filename: 'c.png', data: exact }])).statusCode).toBe(201);
    const before = await storedFiles();
    const over = await b.upload('/api/uploads/cover', [{ filename: 'c.png', data: Buffer.concat([exact, Buffer.alloc(1)]) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The cover image is larger than 5 MB.');
    expect(await storedFiles()).toEqual(before);
    expect(await tempFiles()).toEqual([]);
    expect(await pendingRows(b.userId)).toHaveLength(1);
  });

  it('a body far larger than the limit -> 413 before it is read', async () => {
    const b = await signedIn();
    const res = await b.upload('/api/uploads/cover', [{ filename: 'c.png', data: Buffer.concat([fixture('cover.png'), Buffer.alloc(8 * 1024 * 1024)]) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The cover image is larger than 5 MB.');
    expect(await pendingRows(b.userId)).toEqual([]);
  });

  it('anonymous -> 401', async () => {
    const res = await anonymous().upload('/api/uploads/cover', [{ filename: 'c.png', data: fixture('cover.png') }]);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /files/{key}', () => {
  let owner: Browser;
  let other: Browser;
  let audio: { filePath: string; fileUrl: string; fileSize: number };
  let cover: { filePath: string; fileUrl: string };
  const data = wav({ seconds: 1.5 });

  beforeAll(async () => {
    owner = await signedIn();
    other = await signedIn();
    audio = (await owner.upload('/api/uploads/audio', [{ filename: 'Bedtime "Song".wav', data }])).json();
    cover = (await owner.upload('/api/uploads/cover', [{ filename: 'cover.png', data: fixture('cover.png') }])).json();
  });

  it('a pending upload, its uploader -> 200 with the bytes, type, nosniff, inline disposition, ranges, private caching', async () => {
    const res = await owner.get(audio.fileUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/wav',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="Bedtime-Song.wav"',
      'accept-ranges': 'bytes',
      'content-length': String(data.length),
    });
    expect(res.headers['cache-control']).toMatch(/^private/);
  });

  it('?download=1 -> attachment with the safe file name', async () => {
    const res = await owner.get(`${audio.fileUrl}?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Bedtime-Song.wav"');
  });

  it('ranges -> 206 with Content-Range and exactly those bytes; open and suffix ranges; unsatisfiable -> 416; malformed -> whole file', async () => {
    const size = data.length;
    const first = await owner.get(audio.fileUrl, { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const open = await owner.get(audio.fileUrl, { range: 'bytes=1000-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(open.rawPayload.equals(data.subarray(1000))).toBe(true);
    const suffix = await owner.get(audio.fileUrl, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(data.subarray(size - 10))).toBe(true);
    const past = await owner.get(audio.fileUrl, { range: `bytes=${size - 5}-${size + 500}` });
    expect(past.statusCode).toBe(206);
    expect(past.rawPayload.equals(data.subarray(size - 5))).toBe(true);
    const beyond = await owner.get(audio.fileUrl, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    const malformed = await owner.get(audio.fileUrl, { range: 'bytes=abc' });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.rawPayload.length).toBe(size);
  });

  it('HEAD -> the headers without a body', async () => {
    const res = await owner.request({ method: 'HEAD', url: audio.fileUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.length).toBe(0);
  });

  it('a pending upload, another user or anonymous -> 404 (its existence is not revealed)', async () => {
    for (const b of [other, anonymous()]) {
      for (const url of [audio.fileUrl, cover.fileUrl]) {
        const res = await b.get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, message: 'No such file.' });
        expect(res.headers['content-disposition']).toBeUndefined();
      }
    }
  });

  describe('attached to an audio file record', () => {
    let id: number;
    beforeAll(async () => {
      // Attach the two uploads as the audio procedures do: claim the pending rows, insert a draft.
      await database.db.deleteFrom('pending_uploads').where('file_path', 'in', [audio.filePath, cover.filePath]).execute();
      const row = await database.db
        .insertInto('audio_files')
        .values({
          user_id: owner.userId,
          title: 'Bedtime Song',
          status: 'draft',
          file_path: audio.filePath,
          file_name: 'Bedtime-Song.wav',
          file_size: data.length,
          mime_type: 'audio/wav',
          duration: 1.5,
          cover_path: cover.filePath,
          cover_mime_type: 'image/png',
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    });

    it('a draft: the owner -> 200 for audio and cover; another user and anonymous -> 404 for both', async () => {
      expect((await owner.get(audio.fileUrl)).statusCode).toBe(200);
      const coverRes = await owner.get(cover.fileUrl);
      expect(coverRes.statusCode).toBe(200);
      expect(coverRes.headers['content-type']).toBe('image/png');
      expect(coverRes.rawPayload.equals(fixture('cover.png'))).toBe(true);
      for (const b of [other, anonymous()]) {
        expect((await b.get(audio.fileUrl)).statusCode).toBe(404);
        expect((await b.get(cover.fileUrl)).statusCode).toBe(404);
        expect((await b.get(`${audio.fileUrl}?download=1`)).statusCode).toBe(404);
      }
    });

    it('published: any signed-in user -> 200 (ranges too); anonymous -> 401 for the audio, 200 for the cover', async () => {
      await database.db.updateTable('audio_files').set({ status: 'published', published_at: new Date() }).where('id', '=', id).execute();
      const res = await other.get(`${audio.fileUrl}?download=1`);
      expect(res.statusCode).toBe(200);
      // An audio file's download name: its title and licence (files shared before licences keep all rights).
      expect(res.headers['content-disposition']).toBe('attachment; filename="Bedtime Song (All rights reserved).wav"');
      expect(res.rawPayload.equals(data)).toBe(true);
      const ranged = await other.get(audio.fileUrl, { range: 'bytes=44-143' });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.rawPayload.equals(data.subarray(44, 144))).toBe(true);
      const anon = await anonymous().get(audio.fileUrl);
      expect(anon.statusCode).toBe(401);
      expect(anon.json().message).toBe('Please log in to play or download audio files.');
      const anonCover = await anonymous().get(cover.fileUrl);
      expect(anonCover.statusCode).toBe(200);
      expect(anonCover.headers['x-content-type-options']).toBe('nosniff');
    });

    it('the stored object gone (record left) -> 404', async () => {
      await storage.delete(cover.filePath);
      expect((await owner.get(cover.fileUrl)).statusCode).toBe(404);
    });
  });

  it('unknown keys, traversal attempts and odd paths -> 404', async () => {
    for (const url of [
      `/files/audio-files/${owner.userId}/1_missing.mp3`,
      '/files/..%2F..%2Fpackage.json',
      '/files/audio-files/..%2F..%2F..%2Fetc%2Fpasswd',
      '/files/',
      '/files/%00',
      '/files/cover-images/.hidden',
    ]) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('stale pending uploads', () => {
  it('cleanStaleUploads: pending uploads older than an hour -> rows and stored files removed; 50 minutes old kept; abandoned temp files removed', async () => {
    const b = await signedIn();
    const old = (await b.upload('/api/uploads/audio', [{ filename: 'old.wav', data: wav({ seconds: 1 }) }])).json();
    const fresh = (await b.upload('/api/uploads/audio', [{ filename: 'fresh.wav', data: wav({ seconds: 1 }) }])).json();
    await sql`update pending_uploads set created_at = now() - interval '61 minutes' where file_path = ${old.filePath}`.execute(database.db);
    await sql`update pending_uploads set created_at = now() - interval '50 minutes' where file_path = ${fresh.filePath}`.execute(database.db);
    const abandoned = path.join(dataDir, 'tmp', 'abandoned.upload');
    await fs.writeFile(abandoned, 'partial');
    await fs.utimes(abandoned, new Date(Date.now() - 2 * 3600 * 1000), new Date(Date.now() - 2 * 3600 * 1000));

    const removed = await cleanStaleUploads({ db: database.db, storage, config: testConfig({ dataDir }), log: quietLog });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await pendingRows(b.userId)).map((r) => r.file_path)).toEqual([fresh.filePath]);
    expect(await storage.stat(old.filePath)).toBeNull();
    expect(await storage.stat(fresh.filePath)).not.toBeNull();
    expect(await tempFiles()).toEqual([]);
  });
});

describe('an upload refused while its early copy waits for the storage (the storage slow to begin a write)', () => {
  /** Local storage that waits before it begins each write, as a busy disk or a far S3 endpoint may. */
  class SlowToBeginStorage extends LocalStorage {
    /** Each write asked for, settled once it has succeeded or failed. */
    readonly writes: Promise<unknown>[] = [];
    override put(key: string, body: Readable, opts: { contentType: string }) {
      const write = new Promise((resolve) => setTimeout(resolve, 300)).then(() => super.put(key, body, opts));
      this.writes.push(write.catch(() => undefined));
      return write;
    }
  }
  let slowApp: FastifyInstance;
  let slowDir: string;
  let slowStorage: SlowToBeginStorage;

  beforeAll(async () => {
    slowDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-uploads-slow-'));
    slowStorage = new SlowToBeginStorage(path.join(slowDir, 'uploads'));
    slowApp = await buildApp({ config: testConfig({ dataDir: slowDir }), db: database.db, storage: slowStorage, mailer: createMemoryMailer() });
    await slowApp.ready();
  });
  afterAll(async () => {
    await slowApp?.close();
    if (slowDir) await fs.rm(slowDir, { recursive: true, force: true });
  });

  it('a first file complete, then a second file -> 400 "Send one file per upload." at once; nothing stored, no temp file', async () => {
    const b = await new Browser(() => slowApp).register();
    // The first file is whole (its early copy ended) before the second part is refused, while the
    // storage has not yet begun to read that copy: the refusal must not wait for it.
    const answer = b.upload('/api/uploads/audio', [
      { filename: 'a.mp3', data: fixture('tone.mp3') },
      { field: 'other', filename: 'b.mp3', data: fixture('tone.mp3') },
    ]);
    const waited = await Promise.race([answer, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5000))]);
    expect(waited).not.toBe('no answer');
    const res = await answer;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send one file per upload.');
    // The discarded copy's write fails once the storage begins it: nothing is kept.
    await expect.poll(() => slowStorage.writes.length).toBe(1);
    await Promise.all(slowStorage.writes);
    const files = await fs.readdir(path.join(slowDir, 'uploads'), { recursive: true }).catch(() => []);
    expect(files.filter((f) => /\.(mp3|part)$/.test(String(f)))).toEqual([]);
    expect(await fs.readdir(path.join(slowDir, 'tmp'))).toEqual([]);
    expect(await pendingRows(b.userId)).toEqual([]);
  });
});

describe('uploads into S3 (STORAGE_DRIVER=s3 against a real S3-protocol server on 127.0.0.1)', () => {
  let s3: TestS3Server;
  let s3App: FastifyInstance;
  let s3DataDir: string;

  beforeAll(async () => {
    s3 = await startS3Server('tonieshelf-uploads');
    s3DataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-uploads-s3-'));
    // No storage passed: buildApp makes the S3 driver from the configuration.
    s3App = await buildApp({ config: testConfig({ dataDir: s3DataDir, storageDriver: 's3', s3: s3.config }), db: database.db, mailer: createMemoryMailer() });
    await s3App.ready();
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
    if (s3DataDir) await fs.rm(s3DataDir, { recursive: true, force: true });
  });

  it('MP3 upload -> 201 and the object in the bucket; served back whole and by range', async () => {
    const b = await new Browser(() => s3App).register();
    const mp3 = fixture('tone.mp3');
    const res = await b.upload('/api/uploads/audio', [{ filename: 'tone.mp3', data: mp3 }]);
    expect(res.statusCode).toBe(201);
    const { filePath, fileUrl } = res.json();
    expect(await s3.keys()).toContain(filePath);
    const whole = await b.get(fileUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(mp3)).toBe(true);
    const part = await b.get(fileUrl, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(mp3.subarray(10, 20))).toBe(true);
  });

  it('a 20 MB + 1 byte quick upload -> 413 and nothing in the bucket; a wrong type -> 415 and nothing in the bucket', async () => {
    const b = await new Browser(() => s3App).register();
    const before = await s3.keys();
    const over = await b.upload('/api/uploads/audio?variant=quick', [{ filename: 'big.wav', data: Buffer.concat([wav({ totalBytes: QUICK_UPLOAD_MAX_BYTES }), Buffer.alloc(1)]) }]);
    expect(over.statusCode).toBe(413);
    const wrong = await b.upload('/api/uploads/audio', [{ filename: 'x.mp3', data: 'text' }]);
    expect(wrong.statusCode).toBe(415);
    expect(await s3.keys()).toEqual(before);
  });
});
