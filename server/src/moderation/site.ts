// What the app says about its operator and community (the imprint, the feedback links): the
// settings COMMUNITY_URL and OPERATOR_* (config.ts).
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import type { AppConfig } from '../config';

export function siteInfo(config: Pick<AppConfig, 'communityUrl' | 'operator'>): SiteInfo {
  return { communityUrl: config.communityUrl, operator: { ...config.operator } };
}
