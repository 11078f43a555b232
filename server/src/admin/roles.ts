// What `npm run admin` does to the database: give an account a role (admin, moderator, user),
// found by its email. Used by the command itself and, when the running server holds the embedded
// database, by the server's internal route (http/internal.ts). Written to the audit log as done
// by 'command line'.
import { ROLES } from '@tonieshelf/shared/schemas/moderation';
import type { Db, Role } from '../db/types';
import { message } from '@tonieshelf/shared/i18n/message-key';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import { COMMAND_LINE_ACTOR } from '../moderation/audit';
import { applyRole } from '../moderation/roles';
import * as repo from '../repositories/moderation';

/** The command's refusals (texts: shared/src/i18n/texts/server.ts). */
export const ADMIN_MESSAGES = {
  emailExpected: 'admin.emailExpected',
  roleExpected: 'admin.roleExpected',
  noAccount: 'admin.noAccount',
} as const satisfies Record<string, MessageCode>;

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** Gives the account with `email` the role `role`; one line saying what was done. */
export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<string> {
  const address = email.trim();
  if (!address || address.length > 254) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.emailExpected);
  return db.transaction().execute(async (trx) => {
    const target = await repo.findUserByEmailForUpdate(trx, address);
    if (!target) throw new AppError('NOT_FOUND', message(ADMIN_MESSAGES.noAccount, { email: address }));
    if (target.role === role) return `${target.username} <${target.email}> is already ${role}; nothing changed`;
    await applyRole(trx, COMMAND_LINE_ACTOR, target, role);
    return `${target.username} <${target.email}> is now ${role} (was ${target.role})`;
  });
}
