// Addresses of the app's pages and of the community places outside it, in one place.

export const ROUTES = {
  home: '/',
  catalog: '/catalog',
  auth: '/auth',
  faq: '/faq',
  resources: '/resources',
  disclaimer: '/disclaimer',
  audioSharing: '/audio-sharing',
  discover: '/audio/discover',
  liked: '/audio/liked',
  upload: '/audio/upload',
  accountSecurity: '/account/security',
  /** The contact and notice form (?kind=bug|feedback|report, ?type=audio|review|user&id=…, ?url=…). */
  report: '/report',
  terms: '/terms',
  imprint: '/imprint',
  /** Moderators and admins. */
  moderation: '/moderation',
  /** A decision's statement of reasons: /decisions/{id}. */
  decision: '/decisions/:id',
} as const;

/** /decisions/{id}: the statement of reasons of a moderators' decision. */
export function decisionPath(id: number): string {
  return `/decisions/${id}`;
}

/** /catalog?search={query}, the query URL-encoded. */
export function catalogSearchPath(query: string): string {
  return `${ROUTES.catalog}?search=${encodeURIComponent(query)}`;
}

// The community forum. Placeholder addresses until the forum's real home is settled.
const FORUM_URL = 'https://forum.tonieshelf.example';
export const FEEDBACK_URL = `${FORUM_URL}/t/feedback`;
export const BUG_REPORT_URL = `${FORUM_URL}/c/bug-reports`;
