// Roles: who may moderate (moderators and admins) and who may manage roles (admins). The checks
// live here, in the service layer; procedures only make sure someone is signed in. Admins grant
// and revoke the moderator role; admins themselves are made with the admin command
// (`npm run admin`: setRoleByEmail below). Every change is a row of the audit log.
import { MODERATION_MESSAGES, ROLES } from '@tonieshelf/shared/values/moderation';
import type { StaffMember } from '@tonieshelf/shared/schemas/moderation';
import { isStaff, type SessionUser } from '../accounts/mappers';
import type { Db, Role } from '../db/types';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import * as repo from '../repositories/moderation';
import { actorOf, COMMAND_LINE_ACTOR } from './audit';

/** Moderators and admins pass; anyone else is refused (403). */
export function requireStaff(user: Pick<SessionUser, 'role'>): void {
  if (!isStaff(user)) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.moderatorsOnly);
}

/** Admins pass; anyone else is refused (403). */
export function requireAdmin(user: Pick<SessionUser, 'role'>): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', MODERATION_MESSAGES.adminsOnly);
}

const toMember = (u: repo.UserItem): StaffMember => ({ id: u.id, username: u.username, email: u.email, role: u.role });

export async function listStaff(deps: Pick<AppDeps, 'db'>, user: SessionUser): Promise<StaffMember[]> {
  requireAdmin(user);
  return (await repo.listStaff(deps.db)).map(toMember);
}

/** Users whose username or email starts with `query` (case-insensitive), at most 20. */
export async function findUsers(deps: Pick<AppDeps, 'db'>, user: SessionUser, query: string): Promise<StaffMember[]> {
  requireAdmin(user);
  return (await repo.findUsersByPrefix(deps.db, query.trim(), 20)).map(toMember);
}

/**
 * Gives `target` the role `role` (locked row) and writes the audit row; nothing when it has it
 * already. The caller has checked who may.
 */
async function applyRole(trx: Db, actor: repo.Actor, target: repo.UserItem, role: Role): Promise<StaffMember> {
  if (target.role === role) return toMember(target);
  await repo.setUserRole(trx, target.id, role);
  await repo.insertAction(trx, {
    ...repo.actorColumns(actor),
    action: role === 'user' ? 'revoke_role' : 'grant_role',
    ...repo.userTargetColumns(target),
    role,
  });
  return { ...toMember(target), role };
}

/** An admin grants or revokes the moderator role (not their own, not an admin's). */
export async function setRole(deps: Pick<AppDeps, 'db'>, user: SessionUser, input: { userId: string; role: 'user' | 'moderator' }): Promise<StaffMember> {
  requireAdmin(user);
  return deps.db.transaction().execute(async (trx) => {
    const [target] = await repo.findUserItems(trx, [input.userId.toLowerCase()], true);
    if (!target) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.userNotFound, { field: 'userId' });
    if (target.id === user.id) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.cannotChangeOwnRole);
    if (target.role === 'admin') throw new AppError('FORBIDDEN', MODERATION_MESSAGES.cannotChangeAdmin);
    return applyRole(trx, actorOf(user), target, input.role);
  });
}

/** The admin command's refusals (texts: shared/src/i18n/texts/server.ts). */
export const ADMIN_MESSAGES = {
  emailExpected: 'admin.emailExpected',
  roleExpected: 'admin.roleExpected',
  noAccount: 'admin.noAccount',
} as const satisfies Record<string, MessageCode>;

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/**
 * What `npm run admin` does (itself, or through the running server's internal route): gives the
 * account with `email` the role `role`, written to the audit log as done by 'command line'; one
 * line saying what was done.
 */
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
