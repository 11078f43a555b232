// Moderators' decisions (with statements of reasons, DSA Art. 17), suspensions and contests.
import type { contestInputSchema, Decision, itemActionInputSchema, suspendInputSchema, unsuspendInputSchema, upholdInputSchema } from '@tonieshelf/shared/schemas/moderation';
import type { z } from 'zod';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requireStaff } from './roles';

export type ModerationDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log' | 'storage'>;

export async function act(_deps: ModerationDeps, user: SessionUser, _input: z.output<typeof itemActionInputSchema>): Promise<Decision> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function suspend(_deps: ModerationDeps, user: SessionUser, _input: z.output<typeof suspendInputSchema>): Promise<Decision> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function unsuspend(_deps: ModerationDeps, user: SessionUser, _input: z.output<typeof unsuspendInputSchema>): Promise<Decision> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function uphold(_deps: ModerationDeps, user: SessionUser, _input: z.output<typeof upholdInputSchema>): Promise<Decision> {
  requireStaff(user);
  throw new AppError('INTERNAL', 'not yet');
}

export async function getDecision(_deps: ModerationDeps, _user: SessionUser, _id: number): Promise<Decision> {
  throw new AppError('INTERNAL', 'not yet');
}

export async function myDecisions(_deps: ModerationDeps, _user: SessionUser): Promise<Decision[]> {
  throw new AppError('INTERNAL', 'not yet');
}

export async function contest(_deps: ModerationDeps, _user: SessionUser, _input: z.output<typeof contestInputSchema>): Promise<Decision> {
  throw new AppError('INTERNAL', 'not yet');
}
