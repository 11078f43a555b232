import type { LoadTonieDetails } from '../../features/catalogue/lazy-tonie-details-modal';

/** The Tonie details dialog with its parts from other features (reviews, shelves): a chunk of its own. */
export const loadTonieDetails: LoadTonieDetails = async () => (await import('./tonie-details')).TonieDetails;
