// The catalogue texts of SPEC §2 and §8, word for word, and the few texts of our own that the
// catalogue needs. (shared/src/messages.ts is the home for the spec's texts; these can move there
// when the server or another screen needs them too.)
import { RATING_MESSAGES } from '@tonieshelf/shared/schemas/rating';

export const CATALOGUE_TEXTS = {
  subtitle: 'Browse Tonies, see how the community rates them and find your next favourite',
  searchPlaceholder: 'Search Tonies by name or description...',
  searchLabel: 'Search the catalogue',
  allTonies: 'All Tonies',
  categoriesLabel: 'Categories',
  filterByTags: 'Filter by Tags',
  searchTags: 'Search tags...',
  noTagsAvailable: 'No tags available',
  noMatchingTags: 'No matching tags found',
  clearAllFiltersCount: (n: number) => `Clear All Filters (${n})`,
  activeFilters: 'Active filters:',
  clearAll: 'Clear all',
  sortBy: 'Sort By',
  viewDetails: 'View Details',
  /** '(n ratings)'; one rating reads '(1 rating)'. */
  ratingsCount: (n: number) => `(${n} ${n === 1 ? 'rating' : 'ratings'})`,
  showing: (from: number, to: number, total: number) =>
    `Showing ${from}–${to} of ${total.toLocaleString('en-US')} ${total === 1 ? 'Tonie' : 'Tonies'}`,
  pagination: 'Catalogue pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  goToPage: (n: number) => `Page ${n}`,

  bannerTitle: 'Audio for your Creative Tonies',
  bannerText: 'Find stories and songs the community shares, or share your own recordings.',
  discoverAudio: 'Discover Audio',
  uploadYourAudio: 'Upload Your Audio',
  signInPrompt: 'Want to rate Tonies and write reviews?',
  signIn: 'Sign in',

  noTaggedTonies: 'No Tonies found with the selected tags',
  noSearchResults: (search: string) => `No results for "${search}"`,
  noCategoryTonies: (category: string) => `No Tonies found in the "${category}" category`,
  noTonies: 'No Tonies available',
  emptyHint: 'Try fewer tags, another word or another category.',
  clearAllFilters: 'Clear All Filters',
  listFailedInline: 'The Tonies could not be loaded.',
  tryAgain: 'Try again',

  // Detail dialog
  ratingSummary: 'Rating summary',
  noRatingsYet: 'No ratings yet',
  description: 'Description',
  tracklist: 'Tracklist',
  tags: 'Tags',
  reviewerTags: 'Tags from reviews',
  details: 'Details',
  runtime: 'Runtime',
  language: 'Language',
  age: 'Age',
  releaseDate: 'Release date',
  tracks: 'Tracks',
  series: 'Series',
  productPage: 'Product page',
  reviews: 'Reviews',
  noReviews: 'No reviews yet. Be the first to review this Tonie!',
  anonymous: 'Anonymous',
  yourReview: 'Your review',
  notFound: 'This Tonie could not be found. It may have been removed.',
  closeDetails: 'Close details',

  // Rating form
  rateThisTonie: 'Rate this Tonie',
  signInToRate: 'Please sign in to leave a rating and review',
  alreadyReviewed: 'You have already reviewed this Tonie',
  alreadyReviewedHint: 'Thank you! Each account can review a Tonie once.',
  viewYourReview: 'View Your Review',
  yourRating: 'Your rating',
  reviewLabel: 'Your review (optional)',
  reviewPlaceholder: 'What did your family think?',
  tagsLabel: 'Tags (optional)',
  tagsPlaceholder: 'Add a tag and press Enter',
  tagsHint: (max: number, length: number) => `Up to ${max} tags of at most ${length} characters each`,
  submitReview: 'Submit Review',
} as const;

/** SPEC §8 'Catalogue toasts'. */
export const CATALOGUE_TOASTS = {
  error: 'Error',
  listFailed: 'Failed to load Tonies. Please try again later.',
  detailsFailed: 'Failed to load Tonie details. Please try again later.',
  alreadyReviewedTitle: 'Already Reviewed',
  alreadyReviewed: RATING_MESSAGES.alreadyReviewed,
  submitFailed: 'Failed to submit review: ',
  selectRating: RATING_MESSAGES.selectRating,
  submittedTitle: 'Review submitted',
  submitted: 'Thank you for sharing your rating and review!',
  submittedAgainTitle: 'Review Submitted',
  submittedAgain: 'Thank you for your review!',
} as const;
