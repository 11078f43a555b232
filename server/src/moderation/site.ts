// What the app says about its operator and community (the imprint, the feedback links).
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import type { AppConfig } from '../config';

export function siteInfo(config: AppConfig): SiteInfo {
  const c = config as AppConfig & Partial<{ communityUrl: string | null; operator: SiteInfo['operator'] }>;
  return {
    communityUrl: c.communityUrl ?? null,
    operator: c.operator ?? { name: null, address: null, email: null, phone: null, extra: null },
  };
}
