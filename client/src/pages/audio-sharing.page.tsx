import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /audio-sharing: the older audio sharing page (tabs All Audio and My Uploads). */
export function AudioSharingPage() {
  return (
    <ComingSoon
      title={PAGE_TEXTS.audioSharing.title}
      subtitle="Audio made by the community for Creative Tonies"
      purpose="Here you will browse all shared audio and manage your own uploads."
    />
  );
}
