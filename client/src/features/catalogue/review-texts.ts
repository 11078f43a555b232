// The reviews' own words that the catalogue texts do not have (the star picker, the stars of a
// review, the summary's bars, the loading placeholders), in English and German.
import { formatCount } from '@tonieshelf/shared/format';
import { defineTexts } from '../../i18n/texts';

export const REVIEW_TEXTS = {
  /** The star picker's label of each star. */
  starLabel: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  /** Beside the picker once stars are chosen: '4 of 5'. */
  ratingOf: (n: number, max: number) => `${n} of ${max}`,
  /** What a screen reader hears for a review's stars. */
  reviewStars: (n: number, max: number) => `${n} out of ${max} stars`,
  loadingReviews: 'Loading reviews',
  /** A bar of the summary: '5 stars: 40% (2)'. */
  distributionRow: (stars: number, percent: number, count: number) => `${stars} stars: ${percent}% (${count})`,
  percent: (percent: number) => `${percent}%`,
};

export const useReviewTexts = defineTexts('reviews', REVIEW_TEXTS, {
  starLabel: (n: number) => `${n} ${n === 1 ? 'Stern' : 'Sterne'}`,
  ratingOf: (n: number, max: number) => `${n} von ${max}`,
  reviewStars: (n: number, max: number) => `${n} von ${max} Sternen`,
  loadingReviews: 'Rezensionen werden geladen',
  distributionRow: (stars: number, percent: number, count: number) =>
    `${stars} ${stars === 1 ? 'Stern' : 'Sterne'}: ${percent} % (${formatCount(count, 'de')})`,
  percent: (percent: number) => `${percent} %`,
});
