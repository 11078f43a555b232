import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { AUDIO_TOASTS } from '../audio-texts';
import { useRefreshAudioLists } from './audio-cache';

/** Publishes one of the user's drafts (SPEC §4: the status alone set to published). */
export function usePublishAudio() {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(
    trpc.audio.update.mutationOptions({
      onSuccess: () => {
        toast({ title: AUDIO_TOASTS.published, message: AUDIO_TOASTS.publishedText, variant: 'success' });
        void refresh();
      },
      onError: () => toast({ title: AUDIO_TOASTS.error, message: AUDIO_TOASTS.publishFailed, variant: 'destructive' }),
    }),
  );
  return { publish: (id: number) => mutation.mutate({ id, status: 'published' }), isPending: mutation.isPending };
}
