// The analysis of an uploaded audio file: its waveform (WAVEFORM_PEAKS bytes), integrated
// loudness (LUFS, BS.1770-4 / EBU R128) and sample peak (dBFS), measured from the file on disk.
//
// Decoding is the slow part (mpg123 in WASM decodes about 6 minutes of MP3 per second on one
// core here), so it runs in worker threads (a piscina pool of at most two, which exits when idle:
// the event loop stays free and an idle server holds no workers). A long file is cut in two at a
// point both halves can start from (MP3: a confirmed frame start, whose second half warms its
// decoder up on the frames just before; WAV: a sample frame boundary) and the halves are
// decoded at the same time; each worker streams its byte range from the file and returns one
// number per 100 ms and one per short tick, which are joined here (loudness.ts: combine). Neither
// the file nor its decoded samples are ever held whole.
//
// A file that cannot be decoded (M4A/AAC: there is no AAC decoder on npm we may use; a damaged
// stream) is 'failed' for good: no waveform. Anything else that stops a measurement (the file
// cannot be read, the work was aborted at shutdown, the pool's queue is full) leaves it 'none':
// not measured, for the background job (jobs/audio-analysis.ts) to measure later. Analysing
// never throws.
//
// Uploads come first: the background job measures a file whole (one thread; an upload's file
// can start on the other) and skips its turn while uploads are being analysed
// (uploadAnalysesInFlight); at most MAX_UPLOAD_ANALYSES uploads are analysed (running or
// waiting for a thread) at once, and one beyond them is accepted unmeasured ('none'). (piscina's
// own maxQueue does not bound tasks that carry an AbortSignal while its threads start.)
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { WAVEFORM_PEAKS } from '@tonieshelf/shared/values/audio';
import type { AnalyseTask, AnalyseTaskResult } from './analyse-worker.mjs';
import { combine, type MeterResult } from './loudness';
import { findSplitPoint, readMp3Layout } from './mp3-split';
import { readWavFormat } from './wav-stream';

export interface AudioAnalysisResult {
  /** 'none': not measured this time (see `error`), to be measured later. */
  analysis: 'ready' | 'failed' | 'none';
  /** WAVEFORM_PEAKS bytes (0..255) when ready. */
  waveform: Uint8Array | null;
  loudnessLufs: number | null;
  peakDbfs: number | null;
  /** Why a file was not measured ('none'). */
  error?: unknown;
}

const FAILED: AudioAnalysisResult = { analysis: 'failed', waveform: null, loudnessLufs: null, peakDbfs: null };

/** Files smaller than this are decoded in one piece (two workers would not pay off). */
const SPLIT_FROM_BYTES = 2 * 1024 * 1024;
/** Worker threads that exit after this long without work. */
const IDLE_TIMEOUT_MS = 5000;
/**
 * Uploads analysed at once, running or waiting (with two threads, a file beyond these would wait
 * for several others); more are not measured now ('none').
 */
export const MAX_UPLOAD_ANALYSES = 8;

/** Not measured this time (read error, aborted, queue full): 'none', measured later. */
const notMeasured = (error: unknown): AudioAnalysisResult => ({ analysis: 'none', waveform: null, loudnessLufs: null, peakDbfs: null, error });

let uploadsInFlight = 0;
/** Uploads whose analysis is queued or running (the background job waits while there are any). */
export function uploadAnalysesInFlight(): number {
  return uploadsInFlight;
}

let pool: Piscina<AnalyseTask, AnalyseTaskResult> | null = null;

function workers(): Piscina<AnalyseTask, AnalyseTaskResult> {
  pool ??= new Piscina<AnalyseTask, AnalyseTaskResult>({
    filename: fileURLToPath(new URL('./analyse-worker.mjs', import.meta.url)),
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: IDLE_TIMEOUT_MS,
    // Small heaps: a worker holds a decoder, one chunk of samples and the compact results; a
    // small young generation makes the garbage of each chunk go at once (RSS stays low).
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 24 },
  });
  return pool;
}

/** Ends the worker threads (they also end on their own when idle). */
export async function closeAnalysisWorkers(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

/** Worker threads alive now (0 once closed or idle). */
export function analysisWorkerThreads(): number {
  return pool?.threads.length ?? 0;
}

/** How finely peaks are taken: ten ticks per waveform peak for short files, 20 ms at most. */
function tickSecondsFor(durationSeconds: number | null | undefined): number {
  if (!durationSeconds || !(durationSeconds > 0)) return 0.02;
  return Math.min(0.02, Math.max(0.001, durationSeconds / (WAVEFORM_PEAKS * 10)));
}

/** The stretches of the file to decode, in order; null when the file is no stream we decode. */
async function plan(file: string, ext: string, tickSeconds: number, divide = true): Promise<AnalyseTask[] | null> {
  if (ext === 'wav') {
    const format = await readWavFormat(file);
    if (!format || format.dataBytes < format.blockAlign) return null;
    const start = format.dataOffset;
    const end = format.dataOffset + format.dataBytes;
    if (!divide || format.dataBytes < SPLIT_FROM_BYTES) return [{ kind: 'wav', file, start, end, format, tickSeconds }];
    const frames = format.dataBytes / format.blockAlign;
    const middle = start + Math.floor(frames / 2) * format.blockAlign;
    return [
      { kind: 'wav', file, start, end: middle, format, tickSeconds },
      { kind: 'wav', file, start: middle, end, format, tickSeconds },
    ];
  }
  if (ext === 'mp3') {
    const layout = await readMp3Layout(file);
    if (!layout) return null;
    const channels = layout.header.channels;
    const whole: AnalyseTask = { kind: 'mp3', file, start: 0, end: layout.fileSize, channels, gapless: true, tickSeconds };
    if (!divide || layout.fileSize < SPLIT_FROM_BYTES) return [whole];
    const split = await findSplitPoint(file, layout);
    if (!split) return [whole];
    return [
      { kind: 'mp3', file, start: 0, end: split.offset, channels, gapless: true, tickSeconds },
      { kind: 'mp3', file, start: split.offset, end: layout.fileSize, warmup: split.warmup, channels, gapless: false, tickSeconds },
    ];
  }
  // M4A/AAC and anything else: no decoder.
  return null;
}

/** Runs the stretches of one file and joins them (exported for tests: `run` decodes in this thread instead). */
export async function analyseStretches(tasks: readonly AnalyseTask[], run: (task: AnalyseTask) => Promise<AnalyseTaskResult>): Promise<AudioAnalysisResult> {
  const results = await Promise.all(tasks.map(run));
  const meters = results.map((r) => r.meter).filter((m): m is MeterResult => m !== null && m.samples > 0);
  if (meters.length === 0) return FAILED;
  const figures = combine(meters);
  return { analysis: 'ready', waveform: figures.waveform, loudnessLufs: figures.loudnessLufs, peakDbfs: figures.peakDbfs };
}

/** The tasks analyseAudio would run for a file (for tests and the benchmark). */
export function planAnalysis(file: string, ext: string, durationSeconds?: number | null, divide = true): Promise<AnalyseTask[] | null> {
  return plan(file, ext, tickSecondsFor(durationSeconds), divide);
}

/**
 * Measures the audio file at `file` (`ext`: the detected type, 'mp3' | 'wav' | 'm4a'; the
 * duration, when known, sets how finely peaks are taken). 'failed' when it cannot be decoded;
 * 'none' when it was not measured (unreadable, `signal` aborted, queue full); never throws.
 * `background`: the background job's turn (the file is measured whole, in one thread; it is not
 * counted as an upload).
 */
export async function analyseAudio(
  file: string,
  ext: string,
  durationSeconds?: number | null,
  opts: { signal?: AbortSignal; background?: boolean } = {},
): Promise<AudioAnalysisResult> {
  const upload = !opts.background;
  if (upload && uploadsInFlight >= MAX_UPLOAD_ANALYSES) return notMeasured(new Error('too many uploads are being analysed'));
  if (upload) uploadsInFlight++;
  // A stretch that fails ends its sibling too (its result would be thrown away).
  const own = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, own.signal]) : own.signal;
  try {
    const tasks = await planAnalysis(file, ext, durationSeconds, upload);
    if (!tasks) return FAILED;
    signal.throwIfAborted();
    const pool = workers();
    return await analyseStretches(tasks, (task) =>
      pool.run(task, { signal }).catch((err: unknown) => {
        own.abort();
        throw err;
      }),
    );
  } catch (err) {
    return notMeasured(err);
  } finally {
    if (upload) uploadsInFlight--;
  }
}
