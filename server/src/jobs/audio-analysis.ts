// Analysing the audio files that were never analysed (analysis = 'none': the demo seed's files,
// files shared before uploads were analysed): one file at a time, oldest first, with a pause
// between files, so the server stays responsive. Each file is read from Storage: from its path
// on disk when the storage is local, else streamed to a temp file under DATA_DIR/tmp (named
// like an upload's temp file, so a crash leaves nothing the start-up cleanup misses) and removed
// afterwards. A file whose audio was replaced meanwhile keeps what its new upload measured.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../deps';
import { analyseAudio } from '../media/analyse';
import { listUnanalysedAudio, setAudioAnalysis } from '../repositories/audio';
import { LocalStorage } from '../storage/local';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

const EXT_BY_MIME: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

interface AnalysisTiming {
  /** After start-up: let the server settle and serve first. */
  firstRunMs: number;
  /** Between two files. */
  pauseMs: number;
  /** When a run found nothing (or stopped at an error), the next look. */
  everyMs: number;
}

const TIMING: AnalysisTiming = { firstRunMs: 30_000, pauseMs: 1000, everyMs: 10 * 60_000 };

/** Analyses one stored file and records the result; returns what was recorded (or null if the row changed meanwhile). */
export async function analyseStoredAudio(deps: Deps, row: { id: number; file_path: string; mime_type: string; duration: number | null }): Promise<'ready' | 'failed' | null> {
  const ext = EXT_BY_MIME[row.mime_type] ?? '';
  let file: string;
  let temp: string | null = null;
  if (deps.storage instanceof LocalStorage) {
    file = path.resolve(deps.storage.root, row.file_path);
  } else {
    temp = path.join(deps.config.dataDir, 'tmp', `${process.pid}-${randomUUID()}.upload`);
    await fsp.mkdir(path.dirname(temp), { recursive: true });
    file = temp;
  }
  try {
    if (temp) await pipeline(await deps.storage.get(row.file_path), fs.createWriteStream(temp, { flags: 'wx' }));
    const a = await analyseAudio(file, ext, row.duration);
    const stored = await setAudioAnalysis(deps.db, row.id, row.file_path, { analysis: a.analysis, waveform: a.waveform, loudness_lufs: a.loudnessLufs, peak_dbfs: a.peakDbfs });
    return stored ? a.analysis : null;
  } finally {
    if (temp) await fsp.rm(temp, { force: true });
  }
}

/**
 * Works through the unanalysed files one at a time until none is left or `shouldStop()`; returns
 * how many were analysed. A file that cannot be read from storage is marked 'failed' (it would
 * otherwise be tried forever).
 */
export async function analyseUnanalysedAudio(deps: Deps, opts: { pauseMs?: number; shouldStop?: () => boolean; limit?: number } = {}): Promise<number> {
  let done = 0;
  const limit = opts.limit ?? Infinity;
  while (done < limit && !opts.shouldStop?.()) {
    const [row] = await listUnanalysedAudio(deps.db, 1);
    if (!row) break;
    try {
      await analyseStoredAudio(deps, row);
    } catch (err) {
      deps.log.warn({ err, audioId: row.id }, 'analysing a stored audio file failed; marked as not analysable');
      await setAudioAnalysis(deps.db, row.id, row.file_path, { analysis: 'failed', waveform: null, loudness_lufs: null, peak_dbfs: null });
    }
    done++;
    if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs).unref());
  }
  return done;
}

/**
 * Starts the background analysis: the first run after `firstRunMs`, then a look every `everyMs`;
 * one file at a time with a pause between. `stop` ends it and waits for the file in progress.
 */
export function startAudioAnalysis(deps: Deps, timing: AnalysisTiming = TIMING): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = analyseUnanalysedAudio(deps, { pauseMs: timing.pauseMs, shouldStop: () => stopped })
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
      await running;
    },
  };
}
