// The moderators' queue: open reports grouped by item, with the item's preview, and open contests.
import type { Queue, queueInputSchema } from '@tonieshelf/shared/schemas/moderation';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requireStaff } from './roles';

export async function getQueue(_deps: Pick<AppDeps, 'db' | 'config'>, user: SessionUser, _input: z.output<typeof queueInputSchema>): Promise<Queue> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}
