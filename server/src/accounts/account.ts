// The account itself: registration, sign-in (throttled, with a second step when the account has
// a verified factor), password changes and the language of its mails. Sessions start here and the
// procedure sends the cookie; the user always comes from the session, never from the input.
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { ChangePasswordInput, LoginInput, Me, RegisterInput } from '@tonieshelf/shared/schemas/auth';
import { hashPassword, verifyPassword } from '../auth/password';
import { addressRules, takeRateSlot } from '../auth/rate-limit';
import { deviceKey, knownDevice, rememberDevice } from '../auth/device';
import { currentPasswordKeys, reserveAttempt, signInKeys } from '../auth/throttle';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { liftIfOver, suspendedError } from './suspensions';
import * as factorsRepo from '../repositories/factors';
import * as sessionsRepo from '../repositories/sessions';
import * as usersRepo from '../repositories/users';
import { sendAccountVerification } from './email-address';
import { isSuspended, toMe, toSessionUser, type SessionUser } from './mappers';
import { startSession, type ClientInfo, type StartedSession } from './sessions';
import { isUniqueViolation } from '../db/unique-violation';

/** A username from the email's local part, made unique with a numeric suffix. */
async function deriveUsername(db: Db, email: string): Promise<string> {
  let base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `${base}user`.slice(0, 24);
  const taken = new Set(await usersRepo.usernamesStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/**
 * A new account, signed in: the user and the new session. Its language (users.locale, for its
 * mails) is the request's.
 */
export async function register(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config'>,
  client: ClientInfo & { language?: Language },
  input: RegisterInput,
): Promise<{ me: Me; started: StartedSession }> {
  const language = client.language ?? DEFAULT_LANGUAGE;
  const { db } = deps;
  // Every attempt counts, so a full address cannot probe which emails have accounts either.
  await takeRateSlot(db, { address: addressRules('register', client.ip, deps.config.registrationLimits) }, (retryAfter) =>
    message(AUTH_MESSAGES.tooManyAccounts, { seconds: retryAfter }),
  );
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  let registered: { me: Me; started: StartedSession };
  try {
    registered = await db.transaction().execute(async (trx) => {
      if (await usersRepo.findUserByEmail(trx, email)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
      let username = input.username?.trim();
      if (username) {
        if (await usersRepo.isUsernameTaken(trx, username)) throw new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken);
      } else {
        username = await deriveUsername(trx, email);
      }
      const user = await usersRepo.insertUser(trx, {
        email,
        username,
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        password_hash: passwordHash,
        locale: language,
      });
      const started = await startSession(trx, user.id, client);
      return { me: toMe(toSessionUser(user), { aal: 1, mfaRequired: false }), started };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
    if (isUniqueViolation(err, 'users_username_lower_key')) throw new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken);
    throw err;
  }
  // A mail that cannot be sent now does not undo the account: the link can be sent again.
  await sendAccountVerification(deps, { ...registered.me, locale: language }).catch((err: unknown) =>
    deps.log.error({ err }, 'the verification link of a new account could not be made'),
  );
  return registered;
}

/**
 * Remembers the language the user uses the app in (users.locale), so that their mails go out in
 * the language they last used: at sign-in (the language chosen in that browser) and when they
 * switch it. One UPDATE when it differs, none otherwise.
 */
export async function rememberLanguage(db: Db, user: Pick<SessionUser, 'id' | 'locale'>, language: Language): Promise<void> {
  if (user.locale !== language) await usersRepo.setLocale(db, user.id, language);
}

/** Who signs in: the client, the language chosen in its browser (its cookie) and its device cookie, if any. */
export type SigningInClient = ClientInfo & { chosenLanguage?: Language | null; deviceCookie?: string | null };

let dummyHash: Promise<string> | null = null;

/**
 * Signs in with email and password: a new session (aal 1; the account's second factor, if any,
 * is asked for next) and the browser's device cookie, now naming the account (auth/device.ts).
 * `endingSessionIds` are the sessions the browser had, ended now.
 */
export async function login(db: Db, client: SigningInClient, input: LoginInput, endingSessionIds: string[]): Promise<{ me: Me; started: StartedSession; deviceCookie: string }> {
  const user = await usersRepo.findUserByEmail(db, input.email.trim());
  const devices = await deviceKey(db);
  const device = user ? knownDevice(devices, client.deviceCookie, user) : null;
  // Counted before the check, so parallel guesses cannot all be checked before the limit bites.
  const attempt = await reserveAttempt(db, signInKeys(input.email, client.ip, device));
  // Without an account, still spend the time of a hash check: the answer must not tell.
  dummyHash ??= hashPassword('not-a-real-password');
  const valid = user ? await verifyPassword(user.password_hash, input.password) : (await verifyPassword(await dummyHash, input.password), false);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  await attempt.succeeded();
  // A suspended account is refused with the right password only (a wrong one stays 401); a
  // suspension whose time is over is lifted now, even if the job has not run yet.
  if (user.suspended_until) {
    if (isSuspended(user.suspended_until)) throw suspendedError(user.suspended_until);
    await liftIfOver(db, user.id);
  }
  if (client.chosenLanguage) await rememberLanguage(db, user, client.chosenLanguage);
  const mfaRequired = (await factorsRepo.countVerifiedFactors(db, user.id)) > 0;
  for (const id of endingSessionIds) await sessionsRepo.deleteSession(db, id);
  const started = await startSession(db, user.id, client);
  return { me: toMe(toSessionUser(user), { aal: 1, mfaRequired }), started, deviceCookie: rememberDevice(devices, client.deviceCookie, user) };
}

/** Changes the password (the current one is checked, throttled) and signs out the other sessions; how many. */
export async function changePassword(db: Db, user: SessionUser, sessionId: string, input: ChangePasswordInput): Promise<number> {
  const attempt = await reserveAttempt(db, currentPasswordKeys(user.id));
  const row = await usersRepo.findUserById(db, user.id);
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword)))
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCurrentPassword, { field: 'currentPassword' });
  await attempt.succeeded();
  const hash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await usersRepo.updatePasswordHash(trx, user.id, hash);
    return sessionsRepo.deleteOtherSessions(trx, user.id, sessionId);
  });
}
