import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /audio/upload: upload and publish audio (a protected route once accounts exist). */
export function AudioUploadPage() {
  return (
    <ComingSoon
      title={PAGE_TEXTS.upload.title}
      subtitle="Share your own recordings with other Creative Tonie owners"
      purpose="Here you will upload audio, save it as a draft or publish it, and manage your files."
    />
  );
}
