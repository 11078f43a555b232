// The editor's data: the set (set.byId) and its writes. Reordering and removing change the
// chapter list at once (optimistic) and roll back with the server's message when refused; every
// other write puts the server's answer in the cache; the set lists are refreshed after writes.
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetChapter, SetDetail, UpdateSetInput } from '@tonieshelf/shared/schemas/set';
import { useTRPC } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { localMessage } from '../../account/account-errors';
import { moveBy, moveTo } from './budget';
import { useSetEditorTexts } from './set-editor-texts';

/** A failed write's message in the interface language. */
export function writeMessage(error: unknown): string {
  return localMessage(error instanceof Error && error.message ? error.message : String(error));
}

function renumbered(chapters: readonly SetChapter[]): SetChapter[] {
  return chapters.map((c, i) => ({ ...c, position: i + 1 }));
}

export function useSetEditor(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.set.byId.queryKey({ id });
  const set = useQuery({ ...trpc.set.byId.queryOptions({ id }), enabled: Number.isInteger(id) && id > 0 });
  const [error, setError] = useState<string | null>(null);
  /** The newest chapter write: only its answer replaces the optimistic list. */
  const latest = useRef(0);

  const reorder = useMutation(trpc.set.reorder.mutationOptions());
  const removeChapter = useMutation(trpc.set.removeChapter.mutationOptions());
  const update = useMutation(trpc.set.update.mutationOptions());
  const del = useMutation(trpc.set.delete.mutationOptions());
  const dismiss = useMutation(trpc.set.dismissNotices.mutationOptions());

  const refreshLists = () =>
    Promise.all([queryClient.invalidateQueries(trpc.set.mine.pathFilter()), queryClient.invalidateQueries(trpc.set.list.pathFilter())]);

  const current = () => queryClient.getQueryData<SetDetail>(key);
  const put = (detail: SetDetail) => queryClient.setQueryData(key, detail);

  const failed = (failure: unknown) => {
    const message = writeMessage(failure);
    setError(message);
    toast({ title: useSetEditorTexts.get().failed, message, variant: 'destructive' });
  };

  /** Shows `chapters` at once, sends the write, rolls back when it is refused. */
  const optimistic = async (chapters: SetChapter[], send: () => Promise<SetDetail>, after?: (detail: SetDetail) => void) => {
    const before = current();
    if (!before) return;
    await queryClient.cancelQueries({ queryKey: key });
    const seq = ++latest.current;
    const totalDuration = chapters.reduce((sum, c) => sum + (c.duration ?? 0), 0);
    put({ ...before, chapters, chapterCount: chapters.length, totalDuration });
    setError(null);
    try {
      const detail = await send();
      if (seq === latest.current) put(detail);
      after?.(detail);
      void refreshLists();
    } catch (failure) {
      if (seq === latest.current) put(before);
      else void queryClient.invalidateQueries({ queryKey: key });
      failed(failure);
    }
  };

  const reorderTo = (chapters: SetChapter[]) =>
    optimistic(renumbered(chapters), () => reorder.mutateAsync({ id, audioFileIds: chapters.map((c) => c.audioFileId) }));

  return {
    set,
    error,
    clearError: () => setError(null),
    /** Moves a chapter one place up (-1) or down (+1). */
    move: (audioFileId: number, delta: number) => {
      const chapters = current()?.chapters ?? [];
      const ids = moveBy(
        chapters.map((c) => c.audioFileId),
        audioFileId,
        delta,
      );
      if (ids.every((v, i) => v === chapters[i]?.audioFileId)) return Promise.resolve();
      const byId = new Map(chapters.map((c) => [c.audioFileId, c]));
      return reorderTo(ids.map((v) => byId.get(v)!));
    },
    moveTo: (from: number, to: number) => reorderTo(moveTo(current()?.chapters ?? [], from, to)),
    remove: (chapter: SetChapter) =>
      optimistic(
        renumbered((current()?.chapters ?? []).filter((c) => c.audioFileId !== chapter.audioFileId)),
        () => removeChapter.mutateAsync({ id, audioFileId: chapter.audioFileId }),
      ),
    /** Saves fields or the status; resolves to the saved set, or null when refused (the message is shown). */
    save: async (changes: Omit<UpdateSetInput, 'id'>): Promise<SetDetail | null> => {
      setError(null);
      try {
        const detail = await update.mutateAsync({ id, ...changes });
        put(detail);
        void refreshLists();
        return detail;
      } catch (failure) {
        failed(failure);
        return null;
      }
    },
    saving: update.isPending,
    deleteSet: async (): Promise<boolean> => {
      try {
        await del.mutateAsync({ id });
        void refreshLists();
        return true;
      } catch (failure) {
        failed(failure);
        return false;
      }
    },
    dismissNotices: async () => {
      try {
        put(await dismiss.mutateAsync({ id }));
      } catch (failure) {
        failed(failure);
      }
    },
    /** A set the server sent after another write (chapters added or uploaded). */
    replace: (detail: SetDetail) => {
      latest.current++;
      put(detail);
      void refreshLists();
    },
  };
}
