// What the app says about its operator and community (the imprint, the privacy policy, the
// feedback links): the settings COMMUNITY_URL, OPERATOR_* and PRIVACY_EXTRA (config.ts).
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import type { AppConfig } from '../config';

export function siteInfo(config: Pick<AppConfig, 'communityUrl' | 'operator' | 'privacyExtra'>): SiteInfo {
  return { communityUrl: config.communityUrl, operator: { ...config.operator }, privacyExtra: config.privacyExtra };
}
