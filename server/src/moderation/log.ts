// The audit log (admins read it; nobody can change it).
import type { logInputSchema, logSchema } from '@tonieshelf/shared/schemas/moderation';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requireAdmin } from './roles';

export async function getLog(_deps: Pick<AppDeps, 'db'>, user: SessionUser, _input: z.output<typeof logInputSchema>): Promise<z.output<typeof logSchema>> {
  requireAdmin(user);
  throw new AppError('INTERNAL', 'not yet');
}
