import { isSitePath } from '@tonieshelf/shared/values/common';
import { ROUTES } from './links';

/**
 * Where to go after signing in: the `next` parameter when it is a path of this site, else '/'.
 * Only same-site paths count ('/audio/liked?x=1'): never an absolute or protocol-relative
 * address ('https://…', '//evil.example', '/\evil.example'), which would make /auth an open
 * redirect, and never /auth itself (a loop).
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return ROUTES.home;
  if (!isSitePath(raw)) return ROUTES.home;
  let url: URL;
  try {
    url = new URL(raw, 'http://tonieshelf.invalid');
  } catch {
    return ROUTES.home;
  }
  if (url.origin !== 'http://tonieshelf.invalid') return ROUTES.home;
  if (url.pathname === ROUTES.auth || url.pathname.startsWith(`${ROUTES.auth}/`)) return ROUTES.home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth?next={path}, the path URL-encoded, e.g. '/auth?next=%2Faudio%2Fliked'. */
export function authPathWithNext(next: string): string {
  const safe = safeNextPath(next);
  return safe === ROUTES.home ? ROUTES.auth : `${ROUTES.auth}?next=${encodeURIComponent(safe)}`;
}
