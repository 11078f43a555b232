// Review tags waiting for approval (moderators approve them into catalogue filter tags).
import type { WaitingTag } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requireStaff } from './roles';

export async function waitingTags(_deps: Pick<AppDeps, 'db'>, user: SessionUser): Promise<WaitingTag[]> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function approveTag(_deps: Pick<AppDeps, 'db'>, user: SessionUser, _tagId: number): Promise<{ ok: true }> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}
