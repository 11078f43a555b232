// Analysing the audio files that were never analysed (analysis = 'none': the demo seed's files,
// files shared before uploads were analysed): one file at a time, oldest first, with a pause
// between files, so the server stays responsive. Each file is read from Storage: from its path
// on disk when the storage is local, else streamed to a temp file under DATA_DIR/tmp (named
// like an upload's temp file, so a crash leaves nothing the start-up cleanup misses) and removed
// afterwards. A file whose audio was replaced meanwhile keeps what its new upload measured.
//
// Only a file that cannot be decoded is marked 'failed'. A file whose object is not found stays
// 'none' and is looked for again on the next run (one warning per run counts them): another
// instance may hold it on a disk of its own (several instances need one shared storage:
// docs/postgresql.md), or a storage may be half restored. A storage or temp-file error (an S3
// outage, a full disk) is logged and the file stays 'none', measured on a later run. Uploads
// come first: a run ends (waiting for the next) while an upload is being analysed. Stopping
// aborts the file in progress (it stays 'none').
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { saveAnalysis, unanalysedFiles } from '../audio/service';
import type { AppDeps } from '../deps';
import { analyseAudio, uploadAnalysesInFlight } from '../media/analyse';
import { writerTag } from '../instances/identity';
import { audioExtension } from '../feeds/names';
import { LocalStorage } from '../storage/local';
import { StorageNotFoundError } from '../storage/storage';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

interface AnalysisTiming {
  /** After start-up: let the server settle and serve first. */
  firstRunMs: number;
  /** Between two files. */
  pauseMs: number;
  /** When a run found nothing (or stopped at an error), the next look. */
  everyMs: number;
}

const TIMING: AnalysisTiming = { firstRunMs: 30_000, pauseMs: 1000, everyMs: 10 * 60_000 };

/** A run that meets this many storage or read errors in a row stops (storage is likely down). */
const MAX_ERRORS_IN_A_ROW = 3;

/**
 * Analyses one stored file and records the result; returns what was recorded (null if the row
 * changed meanwhile), or 'missing' (nothing recorded) when its object is not found. Throws when
 * the file could not be read (storage, temp file, an aborted measurement): nothing is recorded.
 */
async function analyseStoredAudio(
  deps: Deps,
  row: { id: number; file_path: string; mime_type: string; duration: number | null },
  signal?: AbortSignal,
): Promise<'ready' | 'failed' | 'missing' | null> {
  const ext = audioExtension(null, row.mime_type);
  let file: string;
  let temp: string | null = null;
  if (deps.storage instanceof LocalStorage) {
    file = path.resolve(deps.storage.root, row.file_path);
  } else {
    temp = path.join(deps.config.dataDir, 'tmp', `${writerTag()}-${randomUUID()}.upload`);
    await fsp.mkdir(path.dirname(temp), { recursive: true });
    file = temp;
  }
  try {
    let a;
    const missing =
      !temp &&
      (await fsp.access(file).then(
        () => false,
        (err: NodeJS.ErrnoException) => err.code === 'ENOENT',
      ));
    try {
      if (missing) return 'missing';
      if (temp) await pipeline(await deps.storage.get(row.file_path), fs.createWriteStream(temp, { flags: 'wx' }), { signal });
      a = await analyseAudio(file, ext, row.duration, { signal, background: true });
    } catch (err) {
      if (err instanceof StorageNotFoundError) return 'missing';
      throw err;
    }
    if (a.analysis === 'none') throw a.error instanceof Error ? a.error : new Error('the audio file was not measured', { cause: a.error });
    const stored = await saveAnalysis(deps.db, row.id, row.file_path, { ...a, analysis: a.analysis });
    return stored ? a.analysis : null;
  } finally {
    if (temp) await fsp.rm(temp, { force: true });
  }
}

/**
 * Works through the unanalysed files one at a time until none is left, `shouldStop()`, `signal`
 * aborts, or an upload is being analysed (uploads come first: the run ends, and the next run
 * goes on); returns how many were analysed. A file that could not be read is logged and left
 * 'none' for a later run (the run goes on with the next; MAX_ERRORS_IN_A_ROW end it); one not
 * found is left 'none' too, and counted in one warning at the end of the run.
 */
export async function analyseUnanalysedAudio(deps: Deps, opts: { pauseMs?: number; shouldStop?: () => boolean; limit?: number; signal?: AbortSignal } = {}): Promise<number> {
  let done = 0;
  let errorsInARow = 0;
  const limit = opts.limit ?? Infinity;
  // Files that could not be read in this run (left for the next), and those not found.
  const skipped = new Set<number>();
  const missing: number[] = [];
  const stop = () => opts.shouldStop?.() || opts.signal?.aborted;
  while (done < limit && !stop()) {
    if (uploadAnalysesInFlight() > 0) {
      deps.log.info({ uploads: uploadAnalysesInFlight() }, 'uploads are being analysed; the background analysis waits for its next run');
      break;
    }
    const row = (await unanalysedFiles(deps.db, skipped.size + 1)).find((r) => !skipped.has(r.id));
    if (!row) break;
    try {
      if ((await analyseStoredAudio(deps, row, opts.signal)) === 'missing') {
        // Not this storage's failure, nor the file's: the run goes on with the next, at once.
        skipped.add(row.id);
        missing.push(row.id);
        continue;
      }
      errorsInARow = 0;
      done++;
    } catch (err) {
      if (stop()) break;
      skipped.add(row.id);
      deps.log.warn({ err, audioId: row.id }, 'a stored audio file could not be read for its analysis; trying again on a later run');
      if (++errorsInARow >= MAX_ERRORS_IN_A_ROW) break;
    }
    if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs).unref());
  }
  if (missing.length) {
    deps.log.warn(
      { missing: missing.length, audioIds: missing.slice(0, 20) },
      'stored audio files to analyse are not found in this storage (is the storage shared by every instance?); they stay unanalysed and are looked for again on the next run',
    );
  }
  return done;
}

/**
 * Starts the background analysis: the first run after `firstRunMs`, then a look every `everyMs`;
 * one file at a time with a pause between. `stop` ends it, aborting the file in progress (which
 * stays 'none'), and resolves once the run has ended.
 */
export function startAudioAnalysis(deps: Deps, timing: AnalysisTiming = TIMING): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const abort = new AbortController();
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = analyseUnanalysedAudio(deps, { pauseMs: timing.pauseMs, shouldStop: () => stopped, signal: abort.signal })
        .then(
          (n) => {
            if (n) deps.log.info({ analysed: n }, 'analysed stored audio files (waveform, loudness)');
          },
          (err: unknown) => deps.log.warn({ err }, 'the audio analysis job failed; trying again later'),
        )
        .finally(() => {
          running = null;
          schedule(timing.everyMs);
        });
    }, delayMs);
    timer.unref();
  };
  schedule(timing.firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await running;
    },
  };
}
