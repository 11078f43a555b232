// Reports (notices about content, DSA Art. 16) and the contact form's messages.
import type { CreateReport, ReportReceipt } from '@tonieshelf/shared/schemas/moderation';
import type { SessionUser } from '../accounts/mappers';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';

export type ReportDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'>;

export async function createReport(_deps: ReportDeps, _who: { user: SessionUser | null; ip: string }, _input: CreateReport): Promise<ReportReceipt> {
  throw new AppError('INTERNAL', 'not yet');
}
