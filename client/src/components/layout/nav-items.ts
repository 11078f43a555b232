import { IconCloudUpload, IconHeadphones, IconHeart } from '@tabler/icons-react';
import { NAV_TEXTS } from '@tonieshelf/shared/messages';
import { ROUTES } from '../../lib/links';

/** The header's links, shared by the desktop header and the mobile menu. */
export const MAIN_LINKS = [
  { label: NAV_TEXTS.faq, to: ROUTES.faq },
  { label: NAV_TEXTS.resources, to: ROUTES.resources },
] as const;

/** The 'Audio' menu. */
export const AUDIO_LINKS = [
  { label: NAV_TEXTS.discover, to: ROUTES.discover, icon: IconHeadphones },
  { label: NAV_TEXTS.liked, to: ROUTES.liked, icon: IconHeart },
  { label: NAV_TEXTS.upload, to: ROUTES.upload, icon: IconCloudUpload },
] as const;

/** Whether `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
