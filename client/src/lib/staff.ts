import type { Role } from '@tonieshelf/shared/values/moderation';

/** Moderators and admins see the Moderation entry and page. */
export function isStaff(role: Role | null | undefined): boolean {
  return role === 'moderator' || role === 'admin';
}
