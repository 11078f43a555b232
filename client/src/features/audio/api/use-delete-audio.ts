import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { AUDIO_TOASTS } from '../audio-texts';
import { useRefreshAudioLists } from './audio-cache';

/** Deletes one of the user's files for good (SPEC §4), then refreshes the lists. */
export function useDeleteAudio({ onDeleted }: { onDeleted?: (id: number) => void } = {}) {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(
    trpc.audio.delete.mutationOptions({
      onError: () => toast({ title: AUDIO_TOASTS.error, message: AUDIO_TOASTS.deleteFailed, variant: 'destructive' }),
    }),
  );
  const remove = (file: { id: number; title: string }) =>
    mutation.mutate(
      { id: file.id },
      {
        onSuccess: () => {
          toast({ title: AUDIO_TOASTS.deleted, message: file.title, variant: 'success' });
          onDeleted?.(file.id);
          void refresh();
        },
      },
    );
  return { remove, isPending: mutation.isPending };
}
