import type { Review } from '@tonieshelf/shared/schemas/review';

/**
 * A reviewer as SPEC §2 names them: first and last name, else 'Anonymous'; always 'Anonymous'
 * when the author's account is gone (userId null).
 */
export function reviewerName(rating: Pick<Review, 'userProfile'> & Partial<Pick<Review, 'userId'>>, anonymous = 'Anonymous'): string {
  if (rating.userId === null) return anonymous;
  const name = [rating.userProfile?.firstName, rating.userProfile?.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || anonymous;
}
