import type { Rating } from '@tonieshelf/shared/schemas/rating';

/**
 * A reviewer as SPEC §2 names them: first and last name, else 'Anonymous'; always 'Anonymous'
 * when the author's account is gone (userId null).
 */
export function reviewerName(rating: Pick<Rating, 'userProfile'> & Partial<Pick<Rating, 'userId'>>, anonymous = 'Anonymous'): string {
  if (rating.userId === null) return anonymous;
  const name = [rating.userProfile?.firstName, rating.userProfile?.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || anonymous;
}
