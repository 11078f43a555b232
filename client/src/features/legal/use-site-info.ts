import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import { BUG_REPORT_PATH, FEEDBACK_PATH } from '../../lib/links';
import { useTRPC } from '../../lib/trpc';

/** The operator's details and COMMUNITY_URL (site.info): settings, so fetched once per visit. */
export function useSiteInfo() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.site.info.queryOptions(), staleTime: Infinity, retry: 1 });
}

/** A community link: the in-app contact form, or the operator's community place (external). */
export interface CommunityLink {
  href: string;
  external: boolean;
}

/** Where 'Report a Bug', 'Share Feedback' and the footer's 'Feedback' lead, from the site's settings. */
function communityLinks(info: Pick<SiteInfo, 'communityUrl'> | undefined | null): { bug: CommunityLink; feedback: CommunityLink } {
  const community = info?.communityUrl?.trim();
  if (community) return { bug: { href: community, external: true }, feedback: { href: community, external: true } };
  return { bug: { href: BUG_REPORT_PATH, external: false }, feedback: { href: FEEDBACK_PATH, external: false } };
}

/** communityLinks() of the current settings (the contact form until they are known). */
export function useCommunityLinks() {
  const info = useSiteInfo();
  return communityLinks(info.data);
}
