// The product's emails, in English: each one a plain-text body and an HTML body saying the same.
// Links are absolute on the public origin (siteLink); everything interpolated into HTML is escaped.
import { PRODUCT_NAME } from '@tonieshelf/shared/constants';
import { RESET_LINK_TTL_MINUTES, VERIFY_LINK_TTL_HOURS } from '@tonieshelf/shared/schemas/account';
import type { AppConfig } from '../config';
import type { MailMessage } from './mailer';

/** An absolute link into the app: on PUBLIC_ORIGIN, or http://localhost:<PORT> when it is unset. */
export function siteLink(config: Pick<AppConfig, 'publicOrigin' | 'port'>, path: string, params: Record<string, string> = {}): string {
  // A path only: '//host/...' or 'https://...' would lead off the site.
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`siteLink: not a path on the site: ${path}`);
  const url = new URL(path, config.publicOrigin ?? `http://localhost:${config.port}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** Who a mail goes to and the link it carries. */
interface LinkMailInput {
  to: string;
  username: string;
  link: string;
}

interface NoticeMailInput {
  to: string;
  username: string;
}

/** A paragraph, or a link shown as a button (HTML) or on a line of its own (text). */
type Block = string | { label: string; href: string };

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const hours = (n: number): string => (n === 1 ? '1 hour' : `${n} hours`);
const minutes = (n: number): string => (n % 60 === 0 ? hours(n / 60) : n === 1 ? '1 minute' : `${n} minutes`);

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function textBody(username: string, blocks: Block[]): string {
  const parts = blocks.map((b) => (typeof b === 'string' ? b : `${b.label}:\n${b.href}`));
  return [`Hello ${username},`, ...parts, `The ${PRODUCT_NAME} team`].join('\n\n') + '\n';
}

function htmlBody(subject: string, username: string, blocks: Block[]): string {
  const parts = blocks.map((b) => {
    if (typeof b === 'string') return `<p style="margin:0 0 16px">${escapeHtml(b)}</p>`;
    const href = escapeHtml(b.href);
    return (
      `<p style="margin:0 0 8px"><a href="${href}" style="display:inline-block;padding:10px 18px;border-radius:6px;` +
      `background:#d6336c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, open this link:<br>` +
      `<a href="${href}" style="color:#d6336c;word-break:break-all">${href}</a></p>`
    );
  });
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f6f6f6;${FONT};font-size:15px;line-height:1.5;color:#222222">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#d6336c">${escapeHtml(PRODUCT_NAME)}</p>`,
    `<p style="margin:0 0 16px">Hello ${escapeHtml(username)},</p>`,
    ...parts,
    `<p style="margin:0">The ${escapeHtml(PRODUCT_NAME)} team</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function compose(to: string, subject: string, username: string, blocks: Block[]): MailMessage {
  return { to, subject, text: textBody(username, blocks), html: htmlBody(subject, username, blocks) };
}

/** After registering: welcome, and confirm the address by opening the link. */
export function verifyAccountMail({ to, username, link }: LinkMailInput): MailMessage {
  return compose(to, `Welcome to ${PRODUCT_NAME}: please confirm your email address`, username, [
    `Welcome to ${PRODUCT_NAME}! Please confirm that this is your email address by opening the link below.`,
    { label: 'Confirm my email address', href: link },
    `The link works for ${hours(VERIFY_LINK_TTL_HOURS)}. Once your address is confirmed you can publish audio for the community.`,
    `If you did not create an account on ${PRODUCT_NAME}, you can ignore this email.`,
  ]);
}

/** After asking to change the address: sent to the new address, which becomes the account's when the link is opened. */
export function verifyNewAddressMail({ to, username, link }: LinkMailInput): MailMessage {
  return compose(to, `Confirm your new email address for ${PRODUCT_NAME}`, username, [
    `You asked to use this email address for your ${PRODUCT_NAME} account. Please confirm it by opening the link below.`,
    { label: 'Confirm my new email address', href: link },
    `The link works for ${hours(VERIFY_LINK_TTL_HOURS)}. Until you open it, your account keeps its old address.`,
    'If you did not ask for this, you can ignore this email.',
  ]);
}

/** After the address was changed: sent to the old address, with a way back if it was not its owner. */
export function emailChangedNoticeMail({ to, username, newEmail, resetLink }: NoticeMailInput & { newEmail: string; resetLink: string }): MailMessage {
  return compose(to, `Your ${PRODUCT_NAME} email address was changed`, username, [
    `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. Mail for your account now goes there.`,
    'If you made this change, there is nothing more to do.',
    'If this wasn\'t you, someone else may be using your account: reset your password now with this link.',
    { label: 'Reset my password', href: resetLink },
  ]);
}

/** After "Forgot password": the link to choose a new one. */
export function passwordResetMail({ to, username, link }: LinkMailInput): MailMessage {
  return compose(to, `Reset your ${PRODUCT_NAME} password`, username, [
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open the link below to choose a new password.`,
    { label: 'Choose a new password', href: link },
    `The link works for ${minutes(RESET_LINK_TTL_MINUTES)} and only once.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ]);
}

/** After the password was changed (or reset). */
export function passwordChangedNoticeMail({ to, username }: NoticeMailInput): MailMessage {
  return compose(to, `Your ${PRODUCT_NAME} password was changed`, username, [
    `The password of your ${PRODUCT_NAME} account was just changed.`,
    'If you made this change, there is nothing more to do.',
    `If this wasn't you, reset your password right away from the ${PRODUCT_NAME} sign-in page.`,
  ]);
}

/** After the account was deleted: sent to the address it had. */
export function accountDeletedMail({ to, username }: NoticeMailInput): MailMessage {
  return compose(to, `Your ${PRODUCT_NAME} account was deleted`, username, [
    `Your ${PRODUCT_NAME} account was deleted as you asked. You can no longer sign in with it, and we will not send you more mail.`,
    'Goodbye, and thank you for sharing.',
  ]);
}
