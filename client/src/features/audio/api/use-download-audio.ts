import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/use-current-user';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useAudioTexts } from '../audio-texts';

/** The toasts in the interface language at the time they show. */
const toasts = () => useAudioTexts.get().toasts;
import { useRefreshAudioLists } from '../../../lib/audio-cache';

/**
 * Download (SPEC §7): signed-in only; the server counts it and answers the fileUrl, which opens
 * in a new tab (the item's own fileUrl as a fallback); the lists are refreshed for the new count.
 */
export function useDownloadAudio() {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(trpc.audio.download.mutationOptions({ onSuccess: () => void refresh() }));

  const download = async (file: { id: number; fileUrl: string | null }): Promise<boolean> => {
    if (!user) {
      toast({ title: toasts().loginRequired, message: toasts().loginToDownload, variant: 'warning' });
      return false;
    }
    let url: string | null;
    try {
      const result = await mutation.mutateAsync({ id: file.id });
      url = result.fileUrl || file.fileUrl;
    } catch {
      toast({ title: toasts().downloadErrorTitle, message: toasts().downloadFailed, variant: 'destructive' });
      return false;
    }
    if (!url) {
      toast({ title: toasts().downloadErrorTitle, message: toasts().fileUrlMissing, variant: 'destructive' });
      return false;
    }
    window.open(url, '_blank', 'noopener');
    toast({ title: toasts().downloadStarted, message: toasts().downloadStartedText, variant: 'success' });
    return true;
  };

  return { download, isPending: mutation.isPending, pendingId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
