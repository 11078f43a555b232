import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AudioStatus } from '@tonieshelf/shared/schemas/audio';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { toast } from '../../../lib/toast';
import type { ToastOptions } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { isEmailUnverified, localMessage, refusalReason } from '../../../lib/account-errors';
import { useAudioTexts } from '../audio-texts';
import { useRefreshAudioLists } from '../../../lib/audio-cache';
import { UploadError, uploadAudio, uploadCover } from '../../../lib/upload-file';
import type { AudioUploadVariant, UploadProgress } from '../../../lib/upload-file';

/** The fields of an audio file as a form holds them (texts untrimmed). */
export interface AudioFields {
  title: string;
  description: string;
  scriptText: string;
  tags: string[];
  /** Absent: the server's default (draft). */
  status?: AudioStatus;
  /** The licence it is shared under (required; null until chosen). */
  licence: Licence | null;
  /** 'I made this or have the right to share it' (required for a new upload). */
  rightsConfirmed: boolean;
}

interface SaveAudio {
  fields: AudioFields;
  /** Required for a new upload; when editing, null keeps the current audio. */
  audio: File | null;
  cover?: File | null;
  /** The file being edited; absent for a new upload. */
  editingId?: number;
}

/** Refusals whose reason the visitor can act on (not signed in, too large, wrong type): their text is shown as is. */
const REFUSAL_STATUSES = [401, 413, 415];

/** The texts in the interface language at the time they are needed. */
const texts = () => useAudioTexts.get();

function savedToast(variant: AudioUploadVariant, editing: boolean, title: string, coverProblem: string | null): ToastOptions {
  const toasts = texts().toasts;
  if (variant === 'quick') return { title: toasts.created, message: toasts.createdText(title), variant: 'success' };
  const heading = editing ? toasts.updated : toasts.uploaded;
  return coverProblem ? { title: heading, message: toasts.coverNotSaved(coverProblem), variant: 'warning' } : { title: heading, message: title, variant: 'success' };
}

/**
 * Saving an audio file from a form (the upload page and the quick dialog): the audio goes to the
 * upload route, then the cover (a cover failure does not fail the audio, SPEC §7, but is said),
 * then the record is created (or updated). `progress` counts the real bytes sent; `error` holds
 * the server's refusal and `reason` its word for it (EMAIL_UNVERIFIED: publishing needs a verified
 * address). A toast says how it went; the lists are refreshed.
 */
export function useUploadAudio(variant: AudioUploadVariant) {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const create = useMutation(trpc.audio.create.mutationOptions({ onSuccess: () => void refresh() }));
  const update = useMutation(trpc.audio.update.mutationOptions({ onSuccess: () => void refresh() }));
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const reset = () => {
    setProgress(null);
    setError(null);
    setReason(null);
  };

  /** Resolves to the saved file's id, or null when it was not saved (the refusal is in `error`). */
  const save = async ({ fields, audio, cover = null, editingId }: SaveAudio): Promise<number | null> => {
    const editing = editingId !== undefined;
    const totalBytes = (audio?.size ?? 0) + (cover?.size ?? 0);
    setPending(true);
    setError(null);
    setReason(null);
    try {
      let filePath: string | undefined;
      let coverPath: string | undefined;
      let coverProblem: string | null = null;
      let sentBefore = 0;
      if (audio) {
        setProgress({ loaded: 0, total: totalBytes });
        const uploaded = await uploadAudio(audio, variant, {
          onProgress: ({ loaded }) => setProgress({ loaded: Math.min(loaded, audio.size), total: totalBytes }),
        });
        filePath = uploaded.filePath;
        sentBefore = audio.size;
      }
      if (cover) {
        setProgress({ loaded: sentBefore, total: totalBytes });
        try {
          const uploaded = await uploadCover(cover, {
            onProgress: ({ loaded }) => setProgress({ loaded: Math.min(sentBefore + loaded, totalBytes), total: totalBytes }),
          });
          coverPath = uploaded.filePath;
        } catch (coverError) {
          coverProblem = coverError instanceof Error ? coverError.message : String(coverError);
        }
      }
      if (totalBytes > 0) setProgress({ loaded: totalBytes, total: totalBytes });

      const record = {
        title: fields.title.trim(),
        description: fields.description.trim() || null,
        scriptText: fields.scriptText.trim() || null,
        tags: fields.tags,
        ...(fields.status ? { status: fields.status } : {}),
        ...(coverPath ? { coverPath } : {}),
      };
      let savedId: number;
      if (editingId !== undefined) {
        savedId = editingId;
        await update.mutateAsync({ id: editingId, ...record, ...(filePath ? { filePath } : {}), ...(fields.licence ? { licence: fields.licence } : {}) });
      } else {
        if (!filePath) throw new Error(texts().validation.fileRequired);
        if (!fields.licence) throw new Error(texts().validation.licenceRequired);
        if (!fields.rightsConfirmed) throw new Error(texts().validation.rightsRequired);
        savedId = (await create.mutateAsync({ ...record, filePath, licence: fields.licence, rightsConfirmed: true })).id;
      }
      toast(savedToast(variant, editing, record.title, coverProblem));
      return savedId;
    } catch (failure) {
      // Publishing without a verified address: the form offers to send the link again.
      const unverified = isEmailUnverified(failure);
      const message = (failure instanceof Error && failure.message) || (unverified ? localMessage(ACCOUNT_MESSAGES.emailUnverified) : String(failure));
      setError(message);
      setReason(refusalReason(failure));
      const refusal = unverified || (failure instanceof UploadError && REFUSAL_STATUSES.includes(failure.status));
      const { toasts } = texts();
      toast({
        title: toasts.error,
        message: refusal ? message : editing ? toasts.updateFailed : toasts.uploadFailed,
        variant: 'destructive',
      });
      setProgress(null);
      return null;
    } finally {
      setPending(false);
    }
  };

  return { save, progress, error, reason, isPending, reset };
}
