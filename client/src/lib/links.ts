// Addresses of the app's pages and of the community places outside it, in one place.
import type { ReportTargetType } from '@tonieshelf/shared/values/moderation';

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
  /** Creative-Tonie sets: published ones, the user's own, a new one, one set, its editor. */
  sets: '/sets',
  mySets: '/sets/mine',
  newSet: '/sets/new',
  set: '/sets/:id',
  editSet: '/sets/:id/edit',
  accountSecurity: '/account/security',
  /** The signed-in user's shelves (?shelf=own|wishlist|favourites), a shared shelf's read-only page, a public profile. */
  shelves: '/shelves',
  sharedShelf: '/shared/:token',
  profile: '/u/:username',
  /** The contact and notice form (?kind=bug|feedback|report, ?type=audio|review|user|set&id=…, ?url=…). */
  report: '/report',
  terms: '/terms',
  imprint: '/imprint',
  privacy: '/privacy',
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

/** What /report is opened for (its ?kind=). */
type ContactKindParam = 'report' | 'bug' | 'feedback';

interface ReportPathOptions {
  kind?: ContactKindParam;
  /** The reported item: ?type=audio|review|user|set&id=… */
  type?: ReportTargetType;
  id?: string | number;
  /** The content's address (?url=). */
  url?: string;
  /** A preselected reason (?reason=copyright). */
  reason?: string;
}

/** /report with its query: /report?kind=bug, /report?kind=report&reason=copyright, … */
export function reportPath(options: ReportPathOptions = {}): string {
  const params = new URLSearchParams();
  if (options.kind) params.set('kind', options.kind);
  if (options.reason) params.set('reason', options.reason);
  if (options.type && options.id !== undefined) {
    params.set('type', options.type);
    params.set('id', String(options.id));
  }
  if (options.url) params.set('url', options.url);
  const query = params.toString();
  return query ? `${ROUTES.report}?${query}` : ROUTES.report;
}

/** The in-app contact form for bugs and feedback (used unless the operator set COMMUNITY_URL). */
export const BUG_REPORT_PATH = reportPath({ kind: 'bug' });
export const FEEDBACK_PATH = reportPath({ kind: 'feedback' });
/** The Disclaimer's channel for copyright claims. */
export const COPYRIGHT_NOTICE_PATH = reportPath({ kind: 'report', reason: 'copyright' });

/** Where a shared audio file is seen: Discover with its details open. */
export function audioContentPath(id: number): string {
  return `${ROUTES.discover}?audio=${id}`;
}

/** Where a review is seen: its Tonie's details in the catalogue. */
export function reviewContentPath(tonieId: number, reviewId: number): string {
  return `${ROUTES.catalog}?tonieId=${tonieId}&review=${reviewId}`;
}

/** A user's address as reports carry it (the moderators read the id from it); the profile is /u/{username}. */
export function userContentPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

/** A path of this site as a full address (to copy or to show in a report); other addresses stay as they are. */
export function absoluteAddress(url: string): string {
  if (!url.startsWith('/') || typeof window === 'undefined') return url;
  return new URL(url, window.location.origin).href;
}
