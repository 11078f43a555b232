import { router } from '../trpc';

// Ratings and reviews: filled by the catalogue issue.
export const ratingRouter = router({});
