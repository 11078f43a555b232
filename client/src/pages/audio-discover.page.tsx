import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /audio/discover: Discover Audio. */
export function AudioDiscoverPage() {
  return (
    <ComingSoon
      title={PAGE_TEXTS.discover.title}
      subtitle={PAGE_TEXTS.discover.subtitle}
      purpose="Here you will search, preview, like and download audio that the community shares."
    />
  );
}
