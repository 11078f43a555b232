import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { isEmailUnverified, localMessage } from '../../../lib/account-errors';
import { useAudioTexts } from '../audio-texts';

/** The toasts in the interface language at the time they show. */
const toasts = () => useAudioTexts.get().toasts;
import { useRefreshAudioLists } from '../../../lib/audio-cache';

/**
 * Publishes one of the user's drafts (SPEC §4: the status alone set to published). A refusal
 * because the address is not verified sets `unverified` (the list then offers to send the link
 * again) until `dismissUnverified()` or a publish that succeeds.
 */
export function usePublishAudio() {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const [unverified, setUnverified] = useState(false);
  const mutation = useMutation(
    trpc.audio.update.mutationOptions({
      onSuccess: () => {
        setUnverified(false);
        toast({ title: toasts().published, message: toasts().publishedText, variant: 'success' });
        void refresh();
      },
      onError: (error) => {
        if (isEmailUnverified(error)) {
          setUnverified(true);
          toast({ title: toasts().error, message: error.message || localMessage(ACCOUNT_MESSAGES.emailUnverified), variant: 'destructive' });
          return;
        }
        toast({ title: toasts().error, message: toasts().publishFailed, variant: 'destructive' });
      },
    }),
  );
  return {
    /** `onPublished` runs once the server has published it (e.g. to move focus to the new status). */
    publish: (id: number, onPublished?: () => void) => mutation.mutate({ id, status: 'published' }, { onSuccess: () => onPublished?.() }),
    isPending: mutation.isPending,
    unverified,
    dismissUnverified: () => setUnverified(false),
  };
}
