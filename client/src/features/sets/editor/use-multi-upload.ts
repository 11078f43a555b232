// Many audio files into one set: each file uploads with its own progress (at most two at once, as
// the server allows per user), is measured by the server (duration, waveform, loudness), becomes
// the user's draft audio file under the chosen licence, and is added as a chapter. Chapters are
// added in file-name order (natural order), whatever upload finishes first: a file is added once
// every earlier name is added or refused. Each file's refusal (too large, wrong type, quota, the
// set's budget) stays on its row.
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import type { AudioAnalysisState } from '@tonieshelf/shared/schemas/audio';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { useTRPC } from '../../../lib/trpc';
import { UploadError, uploadAudio } from '../../audio/api/upload-file';
import { fileTooLarge } from '../../audio/api/use-upload-audio';
import { useRefreshAudioLists } from '../../audio/api/audio-cache';
import { compareFileNames, titleFromFileName } from './budget';
import { useSetEditorTexts } from './set-editor-texts';

/** Uploads of one batch sent at once (the server's default UPLOADS_IN_FLIGHT). */
const UPLOADS_AT_ONCE = 2;
/** How often an upload refused for too many uploads at once is tried again, and after how long. */
const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 1500;

type UploadPhase = 'chosen' | 'queued' | 'uploading' | 'measuring' | 'saving' | 'waiting' | 'added' | 'failed';

export interface UploadRow {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  /** 0..100 of the bytes sent. */
  percent: number;
  /** Seconds, as the server read them. */
  duration: number | null;
  /** What the server measured; undefined when it did not say. */
  analysis: AudioAnalysisState | undefined;
  waveform: number[];
  audioFileId: number | null;
  /** The chapter's position once added. */
  position: number | null;
  /** The refusal shown on the row. */
  error: string | null;
  /** The refusal came after the file was saved: it stays among the user's audio files. */
  keptAsDraft: boolean;
}

interface UploadLicence {
  licence: Licence;
}

interface Pending {
  file: File;
  row: UploadRow;
}

let nextKey = 0;

const isAudioName = (name: string) => /\.(mp3|wav)$/i.test(name);

/** The message of a failed step, in the interface language. */
function messageOf(error: unknown): string {
  // The server's messages come in the interface language, and so do our own.
  return error instanceof Error && error.message ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The rows of chosen and uploading files and the actions on them. `choose` adds files (refusing
 * at once what is not MP3/WAV or is too large); `run(setId, licence)` uploads every chosen file
 * and adds them as chapters in file-name order, resolving when all are done.
 */
export function useMultiUpload({ onSetChanged }: { onSetChanged?: (set: SetDetail) => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshAudio = useRefreshAudioLists();
  const createAudio = useMutation(trpc.audio.create.mutationOptions());
  const addChapters = useMutation(trpc.set.addChapters.mutationOptions());
  const pending = useRef(new Map<string, Pending>());
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [running, setRunning] = useState(false);

  const publish = useCallback(() => {
    setRows([...pending.current.values()].map((p) => ({ ...p.row })).sort((a, b) => compareFileNames(a.name, b.name) || a.key.localeCompare(b.key)));
  }, []);

  const patch = useCallback(
    (key: string, change: Partial<UploadRow>) => {
      const p = pending.current.get(key);
      if (!p) return;
      Object.assign(p.row, change);
      publish();
    },
    [publish],
  );

  const choose = useCallback(
    (files: readonly File[]) => {
      const texts = useSetEditorTexts.get();
      for (const file of files) {
        const key = `u${++nextKey}`;
        const refusal = !isAudioName(file.name) && !/^audio\/(mpeg|mp3|wav|x-wav|wave|vnd\.wave)$/.test(file.type) ? texts.wrongType : fileTooLarge('upload', file);
        pending.current.set(key, {
          file,
          row: {
            key,
            name: file.name,
            size: file.size,
            phase: refusal ? 'failed' : 'chosen',
            percent: 0,
            duration: null,
            analysis: undefined,
            waveform: [],
            audioFileId: null,
            position: null,
            error: refusal,
            keptAsDraft: false,
          },
        });
      }
      publish();
    },
    [publish],
  );

  const remove = useCallback(
    (key: string) => {
      const p = pending.current.get(key);
      if (!p || (p.row.phase !== 'chosen' && p.row.phase !== 'failed')) return;
      pending.current.delete(key);
      publish();
    },
    [publish],
  );

  /** Forgets the rows of finished files (a new batch starts with an empty list). */
  const clearDone = useCallback(() => {
    for (const [key, p] of pending.current) if (p.row.phase === 'added' || p.row.phase === 'failed') pending.current.delete(key);
    publish();
  }, [publish]);

  const run = useCallback(
    async (setId: number, { licence }: UploadLicence): Promise<{ added: number; failed: number; total: number }> => {
      const texts = useSetEditorTexts.get();
      const batch = [...pending.current.values()]
        .filter((p) => p.row.phase === 'chosen')
        .sort((a, b) => compareFileNames(a.row.name, b.row.name));
      if (batch.length === 0) return { added: 0, failed: 0, total: 0 };
      setRunning(true);
      for (const p of batch) p.row.phase = 'queued';
      publish();

      // Chapters in name order: the next name is added once it is saved (or skipped once refused).
      let next = 0;
      let chain: Promise<void> = Promise.resolve();
      let added = 0;
      const drain = async () => {
        while (next < batch.length) {
          const { row } = batch[next]!;
          if (row.phase === 'failed') {
            next++;
            continue;
          }
          if (row.phase !== 'waiting' || row.audioFileId === null) return;
          try {
            const set = await addChapters.mutateAsync({ id: setId, audioFileIds: [row.audioFileId] });
            const chapter = set.chapters.find((c) => c.audioFileId === row.audioFileId);
            added++;
            patch(row.key, { phase: 'added', position: chapter?.position ?? set.chapters.length });
            queryClient.setQueryData(trpc.set.byId.queryKey({ id: setId }), set);
            onSetChanged?.(set);
          } catch (error) {
            patch(row.key, { phase: 'failed', error: messageOf(error), keptAsDraft: true });
          }
          next++;
        }
      };
      const settle = () => {
        chain = chain.then(drain);
        return chain;
      };

      // At most UPLOADS_AT_ONCE uploads at a time, in name order.
      let inFlight = 0;
      const upload = async ({ file, row }: Pending) => {
        for (let attempt = 0; ; attempt++) {
          try {
            inFlight++;
            patch(row.key, { phase: 'uploading', percent: 0 });
            return await uploadAudio(file, 'upload', {
              onProgress: ({ loaded, total }) => {
                const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
                patch(row.key, percent >= 100 ? { phase: 'measuring', percent: 100 } : { percent });
              },
            });
          } catch (error) {
            // Refused for too many uploads at once (another tab, a slower answer): wait and try again.
            const busy = error instanceof UploadError && error.reason === REFUSAL_REASONS.uploadsInFlight;
            if (!busy || attempt >= BUSY_RETRIES) throw error;
            patch(row.key, { phase: 'queued', percent: 0 });
          } finally {
            inFlight--;
          }
          await sleep(BUSY_RETRY_MS * (inFlight > 0 ? 1 : 0.5));
        }
      };
      const work = async (p: Pending) => {
        const { row } = p;
        try {
          const uploaded = await upload(p);
          patch(row.key, {
            phase: 'saving',
            percent: 100,
            duration: uploaded.duration,
            analysis: uploaded.analysis,
            waveform: uploaded.waveform ?? [],
          });
          const file = await createAudio.mutateAsync({
            title: titleFromFileName(row.name, texts.chapterTitle),
            description: null,
            scriptText: null,
            tags: [],
            filePath: uploaded.filePath,
            licence,
            rightsConfirmed: true,
          });
          patch(row.key, {
            phase: 'waiting',
            audioFileId: file.id,
            duration: file.duration ?? uploaded.duration,
            analysis: uploaded.analysis ?? file.analysis,
          });
        } catch (error) {
          patch(row.key, { phase: 'failed', error: messageOf(error) });
        }
        await settle();
      };
      let taken = 0;
      const worker = async () => {
        while (taken < batch.length) {
          const p = batch[taken++]!;
          await work(p);
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, batch.length) }, worker));
      await settle();
      setRunning(false);
      void refreshAudio();
      void queryClient.invalidateQueries(trpc.set.pathFilter());
      return { added, failed: batch.length - added, total: batch.length };
    },
    [addChapters, createAudio, onSetChanged, patch, publish, queryClient, refreshAudio, trpc],
  );

  return { rows, running, choose, remove, run, clearDone, chosenCount: rows.filter((r) => r.phase === 'chosen').length };
}
