// Many audio files into one set. The browser uploads each file with its own progress (the
// server measures duration, waveform and loudness); then ONE call (set.addUploads) makes them the
// user's draft audio files under the chosen licence and chapters in file-name order, answering
// each file on its own. Each file's refusal (too large, wrong type, quota, the set's budget)
// stays on its row; one refused after it was saved is kept as a draft.
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import type { AudioAnalysisState } from '@tonieshelf/shared/schemas/audio';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { compareFileNames } from '@tonieshelf/shared/values/set';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { useTRPC } from '../../../lib/trpc';
import { UploadError, uploadAudio, type UploadedFile } from '../../../lib/upload-file';
import { fileTooLarge } from '../../../components/publishable/file-limits';
import { useRefreshAudioLists } from '../../../lib/audio-cache';
import { titleFromFileName } from './budget';
import { useSetEditorTexts } from './set-editor-texts';

/** Files sent at once: a second keeps the line busy while the server measures the first. */
const UPLOADS_AT_ONCE = 2;
/** How often an upload the server turned away as busy is sent again (after its Retry-After). */
const BUSY_RETRIES = 5;

type UploadPhase = 'chosen' | 'queued' | 'uploading' | 'measuring' | 'waiting' | 'saving' | 'added' | 'failed';

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
  /** Where the server stored the upload, once it is uploaded. */
  filePath?: string;
}

let nextKey = 0;

const isAudioName = (name: string) => /\.(mp3|wav)$/i.test(name);

/** The message of a failed step, in the interface language. */
function messageOf(error: unknown): string {
  // The server's messages come in the interface language, and so do our own.
  return error instanceof Error && error.message ? error.message : String(error);
}

/** Seconds to wait before sending an upload again: the server's Retry-After when it said it was busy, else null. */
function busyWait(error: unknown): number | null {
  if (!(error instanceof UploadError) || error.reason !== REFUSAL_REASONS.uploadsInFlight) return null;
  return error.retryAfter ?? null;
}

const waitSeconds = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * The rows of chosen and uploading files and the actions on them. `choose` adds files (refusing
 * at once what is not MP3/WAV or is too large); `run(setId, licence)` uploads every chosen file
 * and adds them as chapters in file-name order, resolving when all are done.
 */
export function useMultiUpload({ onSetChanged }: { onSetChanged?: (set: SetDetail) => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshAudio = useRefreshAudioLists();
  const addUploads = useMutation(trpc.set.addUploads.mutationOptions());
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

  /** Sends one file with its progress; a busy server's refusal is sent again after its Retry-After. */
  const upload = useCallback(
    async ({ file, row }: Pending): Promise<UploadedFile> => {
      for (let attempt = 0; ; attempt++) {
        patch(row.key, { phase: 'uploading', percent: 0 });
        try {
          return await uploadAudio(file, 'upload', {
            onProgress: ({ loaded, total }) => {
              const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
              patch(row.key, percent >= 100 ? { phase: 'measuring', percent: 100 } : { percent });
            },
          });
        } catch (error) {
          const wait = busyWait(error);
          if (wait === null || attempt >= BUSY_RETRIES) throw error;
          patch(row.key, { phase: 'queued', percent: 0 });
          await waitSeconds(wait);
        }
      }
    },
    [patch],
  );

  const run = useCallback(
    async (setId: number, { licence }: UploadLicence): Promise<{ added: number; failed: number; total: number }> => {
      const texts = useSetEditorTexts.get();
      const batch = [...pending.current.values()].filter((p) => p.row.phase === 'chosen').sort((a, b) => compareFileNames(a.row.name, b.row.name));
      if (batch.length === 0) return { added: 0, failed: 0, total: 0 };
      setRunning(true);
      for (const p of batch) p.row.phase = 'queued';
      publish();

      // The uploads, a few at a time in name order; each waits for the others once it is measured.
      let taken = 0;
      const worker = async () => {
        while (taken < batch.length) {
          const p = batch[taken++]!;
          try {
            const uploaded = await upload(p);
            p.filePath = uploaded.filePath;
            patch(p.row.key, { phase: 'waiting', percent: 100, duration: uploaded.duration, analysis: uploaded.analysis, waveform: uploaded.waveform ?? [] });
          } catch (error) {
            patch(p.row.key, { phase: 'failed', error: messageOf(error) });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, batch.length) }, worker));

      // One call makes the uploaded files chapters, in name order, and answers each.
      const uploaded = batch.filter((p) => p.row.phase === 'waiting' && p.filePath);
      let added = 0;
      if (uploaded.length > 0) {
        for (const p of uploaded) patch(p.row.key, { phase: 'saving' });
        try {
          const result = await addUploads.mutateAsync({
            id: setId,
            licence,
            rightsConfirmed: true,
            uploads: uploaded.map((p) => ({ filePath: p.filePath!, title: titleFromFileName(p.row.name, texts.chapterTitle) })),
          });
          const byPath = new Map(uploaded.map((p) => [p.filePath!, p]));
          for (const outcome of result.uploads) {
            const p = byPath.get(outcome.filePath);
            if (p?.row.phase !== 'saving') continue;
            if (outcome.outcome === 'added') {
              added++;
              patch(p.row.key, { phase: 'added', audioFileId: outcome.audioFileId, position: outcome.position });
            } else {
              patch(p.row.key, { phase: 'failed', audioFileId: outcome.audioFileId, error: outcome.message, keptAsDraft: outcome.audioFileId !== null });
            }
          }
          queryClient.setQueryData(trpc.set.byId.queryKey({ id: setId }), result.set);
          onSetChanged?.(result.set);
        } catch (error) {
          // Refused whole (nothing was saved): every file says why.
          for (const p of uploaded) if (p.row.phase === 'saving') patch(p.row.key, { phase: 'failed', error: messageOf(error) });
        }
      }
      setRunning(false);
      void refreshAudio();
      void queryClient.invalidateQueries(trpc.set.pathFilter());
      return { added, failed: batch.length - added, total: batch.length };
    },
    [addUploads, onSetChanged, patch, publish, queryClient, refreshAudio, trpc, upload],
  );

  return { rows, running, choose, remove, run, clearDone, chosenCount: rows.filter((r) => r.phase === 'chosen').length };
}
