import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /audio/liked: the signed-in user's liked audio (a protected route once accounts exist). */
export function AudioLikedPage() {
  return (
    <ComingSoon
      title={PAGE_TEXTS.liked.title}
      subtitle={PAGE_TEXTS.liked.subtitle}
      purpose="Here you will find every audio file you liked, ready to download again."
    />
  );
}
