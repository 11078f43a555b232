// Roles: who may moderate (moderators and admins) and who may manage roles (admins). The checks
// live here, in the service layer; procedures only make sure someone is signed in.
import { MODERATION_MESSAGES, type StaffMember } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';

/** Moderators and admins pass; anyone else is refused (403). */
export function requireStaff(user: Pick<SessionUser, 'role'>): void {
  if (user.role !== 'moderator' && user.role !== 'admin') throw new AppError('FORBIDDEN', MODERATION_MESSAGES.moderatorsOnly);
}

/** Admins pass; anyone else is refused (403). */
export function requireAdmin(user: Pick<SessionUser, 'role'>): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', MODERATION_MESSAGES.adminsOnly);
}

export async function listStaff(_deps: Pick<AppDeps, 'db'>, user: SessionUser): Promise<StaffMember[]> {
  requireAdmin(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function findUsers(_deps: Pick<AppDeps, 'db'>, user: SessionUser, _query: string): Promise<StaffMember[]> {
  requireAdmin(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function setRole(_deps: Pick<AppDeps, 'db'>, user: SessionUser, _input: { userId: string; role: 'user' | 'moderator' }): Promise<StaffMember> {
  requireAdmin(user);
  throw new AppError('INTERNAL', 'not yet');
}
