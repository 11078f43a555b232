import { IconCloudUpload, IconHeadphones, IconHeart, IconPlaylist, IconPlaylistAdd } from '@tabler/icons-react';
import type { NavKey } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';

/** The header's links, shared by the desktop header and the mobile menu (labels: shell texts' nav). */
export const MAIN_LINKS = [
  { label: 'faq' as NavKey, to: ROUTES.faq },
  { label: 'resources' as NavKey, to: ROUTES.resources },
] as const;

/** The 'Audio' menu. */
export const AUDIO_LINKS = [
  { label: 'discover' as NavKey, to: ROUTES.discover, icon: IconHeadphones },
  { label: 'liked' as NavKey, to: ROUTES.liked, icon: IconHeart },
  { label: 'upload' as NavKey, to: ROUTES.upload, icon: IconCloudUpload },
  { label: 'sets' as NavKey, to: ROUTES.sets, icon: IconPlaylist },
  { label: 'mySets' as NavKey, to: ROUTES.mySets, icon: IconPlaylistAdd },
] as const;

/** Whether `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
