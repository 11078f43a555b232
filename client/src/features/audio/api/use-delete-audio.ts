import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useAudioTexts } from '../audio-texts';

/** The toasts in the interface language at the time they show. */
const toasts = () => useAudioTexts.get().toasts;
import { useRefreshAudioLists } from '../../../lib/audio-cache';

/** Deletes one of the user's files for good (SPEC §4), then refreshes the lists. */
export function useDeleteAudio({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(
    trpc.audio.delete.mutationOptions({
      onError: () => toast({ title: toasts().error, message: toasts().deleteFailed, variant: 'destructive' }),
    }),
  );
  const remove = (file: { id: number; title: string }) =>
    mutation.mutate(
      { id: file.id },
      {
        onSuccess: () => {
          toast({ title: toasts().deleted, message: file.title, variant: 'success' });
          onDeleted?.(file.id);
          void refresh();
        },
      },
    );
  return { remove, isPending: mutation.isPending };
}
