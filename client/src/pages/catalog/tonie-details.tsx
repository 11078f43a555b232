// A Tonie's details as the catalogue shows them: the catalogue's dialog with the shelf toggles,
// the rating summary and the reviews (whose others' reviews can be reported). Loaded on its own
// (LazyTonieDetailsModal), out of the catalogue's first load.
import { IconFlag, IconUserExclamation } from '@tabler/icons-react';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { TonieDetailsModal } from '../../features/catalogue/tonie-details-modal';
import type { TonieDetailsModalProps, TonieDetailsParts } from '../../features/catalogue/tonie-details-modal';
import { ReportMenu } from '../../features/report/report-menu';
import { reviewTarget, userTarget } from '../../features/report/report-target';
import { TonieRatingSummary } from '../../features/reviews/rating-summary';
import { useReviewTexts } from '../../features/reviews/review-texts';
import { TonieReviews } from '../../features/reviews/tonie-reviews';
import { ShelfToggles } from '../../features/shelves/shelf-toggles';

/** Another user's review: report the review, or (while the account exists) its author. */
function ReviewReportMenu({ rating, name }: { rating: Review; name: string }) {
  const texts = useReviewTexts();
  const items = [{ label: texts.reportReview, icon: IconFlag, target: reviewTarget(rating, name) }];
  if (rating.userId) items.push({ label: texts.reportUser, icon: IconUserExclamation, target: userTarget(rating.userId, name) });
  return <ReportMenu label={texts.reportMenu(name)} items={items} data-testid="report-review-menu" />;
}

const reportReview = (rating: Review, name: string) => <ReviewReportMenu rating={rating} name={name} />;

const PARTS: TonieDetailsParts = {
  shelfToggles: (tonieId) => <ShelfToggles tonieId={tonieId} />,
  summary: (tonieId) => <TonieRatingSummary tonieId={tonieId} />,
  reviews: (tonieId) => <TonieReviews tonieId={tonieId} reportAction={reportReview} />,
};

export function TonieDetails(props: Omit<TonieDetailsModalProps, 'parts'>) {
  return <TonieDetailsModal {...props} parts={PARTS} />;
}
