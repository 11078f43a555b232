// The audio analysis end to end (app.inject, real database and storage): an upload's 201 carries
// its waveform, loudness and peak; audio.create and a replaced audio copy them from the pending
// upload; audio.waveform and its REST shim answer with byId's visibility; M4A is accepted as
// 'failed' (no decoder); the background job analyses files stored before, from Storage, leaves a
// file it could not read or did not find 'none' (never 'failed': another instance may hold it),
// gives way to uploads, and is aborted at shutdown; closing the app ends the analysis workers.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_PEAKS, AUDIO_MESSAGES } from '@tonieshelf/shared/values/audio';
import { buildApp } from '../src/app';
import { quietLog, type Log } from '../src/deps';
import { analyseUnanalysedAudio, startAudioAnalysis } from '../src/jobs/audio-analysis';
import { analyseAudio, analysisWorkerThreads, closeAnalysisWorkers, MAX_UPLOAD_ANALYSES, uploadAnalysesInFlight } from '../src/media/analyse';
import type { Storage } from '../src/storage/storage';
import { createMemoryMailer } from '../src/mail/mailer';
import { LocalStorage } from '../src/storage/local';
import { en } from './helpers/messages';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { fixture, multipart, wav, type Part } from './helpers/audio';
import { newUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let dataDir: string;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-analysis-'));
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
  readonly ip = `10.31.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async register() {
    const res = await this.request({ method: 'POST', url: '/api/auth/register', payload: newUser() });
    expect(res.statusCode).toBe(201);
    this.userId = res.json().id;
    await database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', this.userId).execute();
    return this;
  }

  async request(opts: InjectOptions) {
    const res = await app.inject({
      ...opts,
      remoteAddress: this.ip,
      headers: {
        ...(opts.method === 'GET' ? {} : { origin: TEST_ORIGIN }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(opts.headers ?? {}),
      },
    });
    const set = res.cookies.find((c) => c.name.endsWith('tonieshelf_session'));
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : '';
    return res;
  }

  upload(parts: Part[], variant = 'upload') {
    const { payload, headers } = multipart(parts);
    return this.request({ method: 'POST', url: `/api/uploads/audio?variant=${variant}`, payload, headers });
  }

  /** Uploads a file and shares it (draft or published); answers the upload's 201 body and the file. */
  async share(data: Buffer, filename: string, status: 'draft' | 'published', variant = 'upload') {
    const up = await this.upload([{ filename, data }], variant);
    expect(up.statusCode).toBe(201);
    const created = await this.request({
      method: 'POST',
      url: '/api/audio-files',
      payload: { title: filename, status, filePath: up.json().filePath, licence: 'cc-by-4.0', rightsConfirmed: true },
    });
    expect(created.statusCode).toBe(201);
    return { upload: up.json(), file: created.json() };
  }
}

const signedIn = () => new Browser().register();

/** A 16-bit mono WAV: 2 s of a sine at `level` (0..1) and then 2 s of silence. */
function toneThenSilence(level: number): Buffer {
  const rate = 8000;
  const n = rate * 4;
  const out = wav({ seconds: 4, sampleRate: rate });
  for (let i = 0; i < n; i++) out.writeInt16LE(i < rate * 2 ? Math.round(Math.sin((2 * Math.PI * 1000 * i) / rate) * level * 32767) : 0, 44 + i * 2);
  return out;
}

describe('POST /api/uploads/audio: the analysis', () => {
  it('a WAV -> 201 with analysis ready, 400 peaks (loud first half, silent second), loudness and peak; the pending upload keeps them', async () => {
    const user = await signedIn();
    const res = await user.upload([{ filename: 'tone.wav', data: toneThenSilence(0.5) }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.analysis).toBe('ready');
    expect(body.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(body.waveform[10]).toBe(128); // round(0.5 * 255)
    expect(body.waveform[WAVEFORM_PEAKS - 10]).toBe(0);
    // A 1 kHz mono sine at half scale: -6.02 dBFS peak; loudness of the tone (silence is gated).
    expect(body.peakDbfs).toBeCloseTo(-6.02, 1);
    expect(body.loudnessLufs).toBeGreaterThan(-10);
    expect(body.loudnessLufs).toBeLessThan(-8);
    const row = await database.db.selectFrom('pending_uploads').selectAll().where('file_path', '=', body.filePath).executeTakeFirstOrThrow();
    expect(row.analysis).toBe('ready');
    expect(Array.from(row.waveform!)).toEqual(body.waveform);
    expect(row.loudness_lufs).toBeCloseTo(body.loudnessLufs, 3);
    expect(row.peak_dbfs).toBeCloseTo(body.peakDbfs, 3);
  });

  it('an MP3 (the tone fixture) -> 201 with analysis ready and a waveform that is not flat', async () => {
    const user = await signedIn();
    const res = await user.upload([{ filename: 'tone.mp3', data: fixture('tone.mp3') }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().analysis).toBe('ready');
    expect(Math.max(...res.json().waveform)).toBeGreaterThan(0);
    expect(res.json().peakDbfs).toBeLessThan(0.5);
  });

  it('an M4A (quick upload) -> 201 all the same, analysis failed, no waveform, no loudness', async () => {
    const user = await signedIn();
    const res = await user.upload([{ filename: 'tone.m4a', data: fixture('tone.m4a') }], 'quick');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ analysis: 'failed', waveform: null, loudnessLufs: null, peakDbfs: null });
  });

  it('a silent WAV -> ready with a flat waveform, no loudness and no peak', async () => {
    const user = await signedIn();
    const silent = wav({ seconds: 2 });
    silent.fill(0, 44);
    const res = await user.upload([{ filename: 'silence.wav', data: silent }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ analysis: 'ready', loudnessLufs: null, peakDbfs: null });
    expect(res.json().waveform).toEqual(new Array(WAVEFORM_PEAKS).fill(0));
  });
});

describe('audio.create / update copy the analysis; audio.waveform', () => {
  it('audio.create copies the upload analysis onto the file (byId shows loudness and peak)', async () => {
    const user = await signedIn();
    const { upload, file } = await user.share(toneThenSilence(0.25), 'quiet.wav', 'draft');
    expect(file.analysis).toBe('ready');
    expect(file.loudnessLufs).toBeCloseTo(upload.loudnessLufs, 3);
    expect(file.peakDbfs).toBeCloseTo(upload.peakDbfs, 3);
    const row = await database.db.selectFrom('audio_files').select(['waveform']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(Array.from(row.waveform!)).toEqual(upload.waveform);
  });

  it("audio.update with another upload -> the new audio's analysis replaces the old", async () => {
    const user = await signedIn();
    const { file } = await user.share(toneThenSilence(0.5), 'first.wav', 'draft');
    const up = await user.upload([{ filename: 'second.m4a', data: fixture('tone.m4a') }], 'quick');
    const res = await user.request({ method: 'PATCH', url: `/api/audio-files/${file.id}`, payload: { filePath: up.json().filePath } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ analysis: 'failed', loudnessLufs: null, peakDbfs: null });
    const wave = await user.request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` });
    expect(wave.json()).toEqual({ analysis: 'failed', peaks: [] });
  });

  it('waveform of a published file: anonymous and others -> the peaks (REST shim GET /api/audio-files/:id/waveform)', async () => {
    const owner = await signedIn();
    const { upload, file } = await owner.share(toneThenSilence(0.5), 'public.wav', 'published');
    const anon = await new Browser().request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ analysis: 'ready', peaks: upload.waveform });
    const other = await signedIn();
    expect((await other.request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` })).json().peaks).toEqual(upload.waveform);
  });

  it("waveform of someone else's draft -> 404 NOT_FOUND (anonymous too); its owner -> the peaks", async () => {
    const owner = await signedIn();
    const { upload, file } = await owner.share(toneThenSilence(0.5), 'draft.wav', 'draft');
    const other = await signedIn();
    const res = await other.request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(en(AUDIO_MESSAGES.notFound));
    expect((await new Browser().request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` })).statusCode).toBe(404);
    const own = await owner.request({ method: 'GET', url: `/api/audio-files/${file.id}/waveform` });
    expect(own.json()).toEqual({ analysis: 'ready', peaks: upload.waveform });
  });

  it('waveform of a file that does not exist -> 404; of a junk id -> 400', async () => {
    expect((await new Browser().request({ method: 'GET', url: '/api/audio-files/99999999/waveform' })).statusCode).toBe(404);
    expect((await new Browser().request({ method: 'GET', url: '/api/audio-files/abc/waveform' })).statusCode).toBe(400);
  });
});

describe('background analysis of files stored before (jobs/audio-analysis.ts)', () => {
  it("files with analysis 'none' are analysed one at a time from Storage; M4A -> failed; a missing object stays 'none' (looked for again); the rest untouched", async () => {
    const user = await signedIn();
    const { file: wavFile } = await user.share(toneThenSilence(0.5), 'old.wav', 'published');
    const { file: m4aFile } = await user.share(fixture('tone.m4a'), 'old.m4a', 'published', 'quick');
    const { file: gone } = await user.share(toneThenSilence(0.5), 'gone.wav', 'draft');
    // As before uploads were analysed.
    const ids = [wavFile.id, m4aFile.id, gone.id];
    await database.db.updateTable('audio_files').set({ analysis: 'none', waveform: null, loudness_lufs: null, peak_dbfs: null }).where('id', 'in', ids).execute();
    await storage.delete(gone.filePath);
    // Only these are unanalysed (other tests' files are analysed at upload).
    const deps = { db: database.db, storage, config: testConfig({ dataDir }), log: quietLog };
    const analysed = await analyseUnanalysedAudio(deps, { pauseMs: 0 });
    expect(analysed).toBe(2);
    const rows = await database.db.selectFrom('audio_files').select(['id', 'analysis', 'waveform', 'loudness_lufs', 'peak_dbfs']).where('id', 'in', ids).orderBy('id').execute();
    expect(rows.map((r) => r.analysis)).toEqual(['ready', 'failed', 'none']);
    expect(rows[0]!.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(rows[0]!.peak_dbfs!).toBeCloseTo(-6.02, 1);
    expect(rows[1]!.waveform).toBeNull();
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(0);
    expect(await analysisOf(gone.id)).toBe('none');
    // Put back (a storage restored, or shared at last): the next run measures it.
    await storage.put(gone.filePath, Readable.from([toneThenSilence(0.5)]), { contentType: 'audio/wav' });
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    expect(await analysisOf(gone.id)).toBe('ready');
    // Nothing is left in the temp directory.
    expect((await fs.readdir(path.join(dataDir, 'tmp')).catch(() => [])).filter((f) => f.endsWith('.upload'))).toEqual([]);
  });

  it('from a storage that is not local (streamed to a temp file and removed)', async () => {
    const user = await signedIn();
    const { file } = await user.share(toneThenSilence(0.5), 'remote.wav', 'published');
    await database.db.updateTable('audio_files').set({ analysis: 'none', waveform: null }).where('id', '=', file.id).execute();
    // The same objects behind the bare Storage interface (as S3 would be).
    const remote = { put: storage.put.bind(storage), get: storage.get.bind(storage), stat: storage.stat.bind(storage), delete: storage.delete.bind(storage) };
    const deps = { db: database.db, storage: remote, config: testConfig({ dataDir }), log: quietLog };
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    const row = await database.db.selectFrom('audio_files').select(['analysis', 'waveform']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.analysis).toBe('ready');
    expect(row.waveform![10]).toBe(128);
    expect((await fs.readdir(path.join(dataDir, 'tmp'))).filter((f) => f.endsWith('.upload'))).toEqual([]);
  });
});

/** A log that keeps its lines (level and message). */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const log: Log = {
    info: (_obj, msg) => lines.push({ level: 'info', msg: msg ?? '' }),
    warn: (_obj, msg) => lines.push({ level: 'warn', msg: msg ?? '' }),
    error: (_obj, msg) => lines.push({ level: 'error', msg: msg ?? '' }),
  };
  return { log, lines };
}

/** Shares a WAV and sets it back to unanalysed (as stored before uploads were analysed). */
async function unanalysedFile(data: Buffer, name: string) {
  const user = await signedIn();
  const { file } = await user.share(data, name, 'published');
  await database.db.updateTable('audio_files').set({ analysis: 'none', waveform: null, loudness_lufs: null, peak_dbfs: null }).where('id', '=', file.id).execute();
  return file as { id: number; filePath: string };
}

const analysisOf = async (id: number) => (await database.db.selectFrom('audio_files').select('analysis').where('id', '=', id).executeTakeFirstOrThrow()).analysis;

describe('background analysis: errors, uploads first, shutdown', () => {
  it("more files not found than MAX_ERRORS_IN_A_ROW -> they stay 'none' and the run goes on to the file after them (one warning per run)", async () => {
    const missing = [];
    for (let i = 0; i < 4; i++) missing.push(await unanalysedFile(toneThenSilence(0.5), `elsewhere-${i}.wav`));
    for (const m of missing) await storage.delete(m.filePath);
    const here = await unanalysedFile(toneThenSilence(0.5), 'here.wav');
    const { log, lines } = recordingLog();
    const deps = { db: database.db, storage, config: testConfig({ dataDir }), log };
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    expect(await analysisOf(here.id)).toBe('ready');
    for (const m of missing) expect(await analysisOf(m.id)).toBe('none');
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'stored audio files to analyse are not found in this storage (is the storage shared by every instance?); they stay unanalysed and are looked for again on the next run',
    ]);
    // Not left for other tests' runs.
    await database.db
      .deleteFrom('audio_files')
      .where(
        'id',
        'in',
        missing.map((m) => m.id),
      )
      .execute();
  });

  it("a storage whose get() throws once -> the file stays 'none' (logged), and the next run measures it 'ready'", async () => {
    const file = await unanalysedFile(toneThenSilence(0.5), 'outage.wav');
    let failures = 1;
    const flaky: Storage = {
      put: storage.put.bind(storage),
      stat: storage.stat.bind(storage),
      delete: storage.delete.bind(storage),
      get: (key, range) => {
        if (failures-- > 0) return Promise.reject(new Error('S3 is down'));
        return storage.get(key, range);
      },
    };
    const { log, lines } = recordingLog();
    const deps = { db: database.db, storage: flaky, config: testConfig({ dataDir }), log };
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(0);
    expect(await analysisOf(file.id)).toBe('none');
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(['a stored audio file could not be read for its analysis; trying again on a later run']);
    expect((await fs.readdir(path.join(dataDir, 'tmp'))).filter((f) => f.endsWith('.upload'))).toEqual([]);
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    expect(await analysisOf(file.id)).toBe('ready');
  });

  it('while an upload is being analysed the job skips its turn (nothing measured); after it, the next run measures the file', async () => {
    const file = await unanalysedFile(toneThenSilence(0.5), 'waits.wav');
    const uploadFile = path.join(dataDir, 'an-upload.wav');
    await fs.writeFile(uploadFile, wav({ seconds: 60 }));
    const upload = analyseAudio(uploadFile, 'wav', 60);
    expect(uploadAnalysesInFlight()).toBe(1);
    const { log, lines } = recordingLog();
    const deps = { db: database.db, storage, config: testConfig({ dataDir }), log };
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(0);
    expect(await analysisOf(file.id)).toBe('none');
    expect(lines.map((l) => l.msg)).toEqual(['uploads are being analysed; the background analysis waits for its next run']);
    expect((await upload).analysis).toBe('ready');
    expect(uploadAnalysesInFlight()).toBe(0);
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    expect(await analysisOf(file.id)).toBe('ready');
  });

  it("more uploads at once than MAX_UPLOAD_ANALYSES -> the ones beyond are 'none' (not measured, never 'failed'), the rest ready", async () => {
    const file = path.join(dataDir, 'burst.wav');
    await fs.writeFile(file, toneThenSilence(0.5));
    const results = await Promise.all(Array.from({ length: MAX_UPLOAD_ANALYSES + 3 }, () => analyseAudio(file, 'wav', 4)));
    expect(results.map((r) => r.analysis)).toEqual([...new Array(MAX_UPLOAD_ANALYSES).fill('ready'), 'none', 'none', 'none']);
    // The background job's turn is not counted (nor bounded).
    expect((await analyseAudio(file, 'wav', 4, { background: true })).analysis).toBe('ready');
    expect(uploadAnalysesInFlight()).toBe(0);
  });

  it("stopping the job mid-file aborts it at once: the file stays 'none'; the next run measures it", async () => {
    const file = await unanalysedFile(toneThenSilence(0.5), 'long.wav');
    // Its stored object becomes an hour of 8 kHz noise (seconds of work on this machine).
    const long = wav({ seconds: 3600 });
    for (let i = 44; i < long.length; i += 2) long.writeInt16LE(((i * 7919) % 20000) - 10000, i);
    await fs.writeFile(path.join(storage.root, file.filePath), long);
    await closeAnalysisWorkers();
    const deps = { db: database.db, storage, config: testConfig({ dataDir }), log: quietLog };
    const job = startAudioAnalysis(deps, { firstRunMs: 0, pauseMs: 0, everyMs: 3_600_000 });
    // The file is in a worker thread.
    const started = Date.now();
    while (analysisWorkerThreads() === 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 5));
    expect(analysisWorkerThreads()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    const stopping = Date.now();
    await job.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
    expect(await analysisOf(file.id)).toBe('none');
    expect(await analyseUnanalysedAudio(deps, { pauseMs: 0 })).toBe(1);
    expect(await analysisOf(file.id)).toBe('ready');
  }, 60_000);
});

describe('closing the app', () => {
  it('ends the analysis worker threads (none left after app.close())', async () => {
    const other = await buildApp({ config: testConfig({ dataDir }), db: database.db, storage, mailer: createMemoryMailer() });
    await other.ready();
    // An analysis leaves its threads idle for a few seconds.
    expect((await analyseAudio(path.join(dataDir, 'burst.wav'), 'wav', 4)).analysis).toBe('ready');
    expect(analysisWorkerThreads()).toBeGreaterThan(0);
    await other.close();
    expect(analysisWorkerThreads()).toBe(0);
  });
});
