// The editor's data: the set (useSetDetail) and its writes. Reordering and removing change the
// chapter list at once (optimistic); their writes run one after another (a queue), each reorder
// sending the order shown when it runs, so quick clicks cannot land out of order. When the last
// queued write is answered the server's set is shown; a refused write shows the server's message and
// the last confirmed set comes back. Other writes put the server's answer in the cache; the set
// lists are refreshed after writes.
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetChapter, SetDetail, UpdateSetInput } from '@tonieshelf/shared/schemas/set';
import { useTRPC } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { useDismissSetNotices, useSetDetail } from '../api/use-sets';
import { moveBy, moveTo } from './budget';
import { useSetEditorTexts } from './set-editor-texts';

/** A failed write's message in the interface language. */
export function writeMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

function renumbered(chapters: readonly SetChapter[]): SetChapter[] {
  return chapters.map((c, i) => ({ ...c, position: i + 1 }));
}

export function useSetEditor(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const valid = Number.isInteger(id) && id > 0;
  const key = trpc.set.byId.queryKey({ id });
  const set = useSetDetail(valid ? id : null);
  const [error, setError] = useState<string | null>(null);
  /** The chapter writes, run one after another. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Chapter writes queued or running. */
  const pending = useRef(0);
  /** The set as the server last confirmed it (shown again when the last queued write is refused). */
  const confirmed = useRef<SetDetail | null>(null);

  const reorder = useMutation(trpc.set.reorder.mutationOptions());
  const removeChapter = useMutation(trpc.set.removeChapter.mutationOptions());
  const update = useMutation(trpc.set.update.mutationOptions());
  const del = useMutation(trpc.set.delete.mutationOptions());
  const dismiss = useDismissSetNotices();

  const refreshLists = () => Promise.all([queryClient.invalidateQueries(trpc.set.mine.pathFilter()), queryClient.invalidateQueries(trpc.set.list.pathFilter())]);

  const current = () => queryClient.getQueryData<SetDetail>(key);
  const put = (detail: SetDetail) => queryClient.setQueryData(key, detail);

  const failed = (failure: unknown) => {
    const message = writeMessage(failure);
    setError(message);
    toast({ title: useSetEditorTexts.get().failed, message, variant: 'destructive' });
  };

  /**
   * Shows the changed chapters at once and queues the write; `send` runs when the writes before it
   * are done. `change` gets the chapters shown now (null: nothing to do).
   */
  const optimistic = async (change: (chapters: readonly SetChapter[]) => SetChapter[] | null, send: () => Promise<SetDetail>) => {
    await queryClient.cancelQueries({ queryKey: key });
    const before = current();
    const chapters = before ? change(before.chapters) : null;
    if (!before || !chapters) return;
    if (pending.current === 0) confirmed.current = before;
    pending.current++;
    const totalDuration = chapters.reduce((sum, c) => sum + (c.duration ?? 0), 0);
    put({ ...before, chapters: renumbered(chapters), chapterCount: chapters.length, totalDuration });
    setError(null);
    const run = async () => {
      try {
        const detail = await send();
        confirmed.current = detail;
        if (--pending.current === 0) put(detail);
        void refreshLists();
      } catch (failure) {
        if (--pending.current === 0 && confirmed.current) put(confirmed.current);
        failed(failure);
      }
    };
    const next = queue.current.then(run);
    queue.current = next;
    await next;
  };

  /** The order shown now; chapters whose removal is still queued go last (the server still has them). */
  const orderNow = () => {
    const shown = (current()?.chapters ?? []).map((c) => c.audioFileId);
    const leaving = (confirmed.current?.chapters ?? []).map((c) => c.audioFileId).filter((v) => !shown.includes(v));
    return [...shown, ...leaving];
  };

  const reorderWith = (change: (chapters: readonly SetChapter[]) => SetChapter[] | null) => optimistic(change, () => reorder.mutateAsync({ id, audioFileIds: orderNow() }));

  return {
    set,
    error,
    clearError: () => setError(null),
    /** Moves a chapter one place up (-1) or down (+1). */
    move: (audioFileId: number, delta: number) =>
      reorderWith((chapters) => {
        const ids = moveBy(
          chapters.map((c) => c.audioFileId),
          audioFileId,
          delta,
        );
        if (ids.every((v, i) => v === chapters[i]?.audioFileId)) return null;
        const byId = new Map(chapters.map((c) => [c.audioFileId, c]));
        return ids.map((v) => byId.get(v)!);
      }),
    moveTo: (from: number, to: number) => reorderWith((chapters) => moveTo(chapters, from, to)),
    remove: (chapter: SetChapter) =>
      optimistic(
        (chapters) => chapters.filter((c) => c.audioFileId !== chapter.audioFileId),
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
    /** The owner has read the notices (features/sets' mutation: it puts the answer in the cache). */
    dismissNotices: () => dismiss.mutate({ id }),
    /** A set the server sent after another write (chapters added or uploaded). */
    replace: (detail: SetDetail) => {
      confirmed.current = detail;
      put(detail);
      void refreshLists();
    },
  };
}
