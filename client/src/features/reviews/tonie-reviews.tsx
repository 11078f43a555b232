import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { REVIEW_SORTS, type ReviewSort } from '@tonieshelf/shared/values/review';
import { confirmAction } from '../../components/confirm';
import { scrollBehavior } from '../../lib/motion';
import { toast } from '../../lib/toast';
import { useDeleteRating } from './api/use-delete-rating';
import { useMyRating } from './api/use-my-rating';
import { useRatings, useRatingSummary } from './api/use-review-queries';
import { RATING_FORM_ID, RatingForm } from './rating-form';
import { ReviewList, reviewElementId, type ReportAction } from './review-list';
import { useReviewTexts, useReviewToasts } from './review-texts';

interface TonieReviewsProps {
  tonieId: number;
  /** The report action on others' reviews (the page brings it: reporting is a feature of its own). */
  reportAction?: ReportAction;
}

/**
 * A Tonie's reviews in its details (SPEC §2): the rating form, then the reviews, newest or most
 * helpful first. 'View Your Review' and a new review scroll to it and outline it; the own review's
 * Edit opens the form with it, its Delete asks first.
 */
export function TonieReviews({ tonieId, reportAction }: TonieReviewsProps) {
  const texts = useReviewTexts();
  const toasts = useReviewToasts();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const ratings = useRatings(tonieId, sort);
  const summary = useRatingSummary(tonieId);
  const mine = useMyRating(tonieId);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [viewing, setViewing] = useState(false);
  const [editing, setEditing] = useState(false);
  const highlightTimer = useRef<number | undefined>(undefined);
  const remover = useDeleteRating(tonieId, { onDeleted: () => setEditing(false) });

  // SPEC §8: one toast when the ratings fail to load.
  const failed = ratings.isError || summary.isError;
  useEffect(() => {
    if (failed) toast({ title: toasts.error, message: toasts.detailsFailed, variant: 'destructive' });
  }, [failed]); // once per failure (not again when only the language changes)

  useEffect(() => () => window.clearTimeout(highlightTimer.current), []);

  const viewYourReview = async () => {
    setViewing(true);
    try {
      const [, fresh] = await Promise.all([ratings.refetch(), mine.refetch()]);
      const own = fresh.data ?? null;
      if (!own) return;
      showReview(own.id);
    } finally {
      setViewing(false);
    }
  };

  /**
   * Scrolls to a review, moves focus to it (a screen reader reads it) and outlines it for a
   * moment: after 'View Your Review' and after Submit Review. A freshly listed review may take a
   * few frames to be in the document.
   */
  const showReview = (ratingId: number, framesLeft = 30) => {
    window.requestAnimationFrame(() => {
      const element = document.getElementById(reviewElementId(ratingId));
      if (!element) {
        if (framesLeft > 0) showReview(ratingId, framesLeft - 1);
        return;
      }
      element.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
      element.focus({ preventScroll: true });
      setHighlighted(ratingId);
      window.clearTimeout(highlightTimer.current);
      highlightTimer.current = window.setTimeout(() => setHighlighted(null), 2500);
    });
  };

  /** The review's 'Edit': the form above opens with the review in it. */
  const editOwn = useCallback(() => {
    setEditing(true);
    window.requestAnimationFrame(() => document.getElementById(RATING_FORM_ID)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' }));
  }, []);
  const deleteOwn = () =>
    confirmAction({
      title: texts.deleteConfirmTitle,
      text: texts.deleteConfirmText,
      confirmLabel: texts.deleteReview,
      cancelLabel: texts.cancel,
      color: 'red',
      onConfirm: () => remover.mutate({ tonieId }),
    });

  return (
    <>
      <RatingForm
        tonieId={tonieId}
        onViewYourReview={() => void viewYourReview()}
        viewingReview={viewing}
        editing={editing}
        onEditingChange={setEditing}
        onSubmitted={(rating) => showReview(rating.id)}
      />

      <Stack gap="sm" component="section" aria-labelledby="tonie-reviews">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={3} fz="lg" id="tonie-reviews">
              {texts.reviews}
            </Title>
            {ratings.data && ratings.data.length > 0 ? (
              <Badge variant="light" color="gray" data-testid="review-count">
                {ratings.data.length}
              </Badge>
            ) : null}
          </Group>
          {ratings.data && ratings.data.length > 1 ? (
            <SegmentedControl
              size="xs"
              value={sort}
              onChange={(value) => setSort(value as ReviewSort)}
              aria-label={texts.sortReviews}
              data={REVIEW_SORTS.map((value) => ({ value, label: value === 'newest' ? texts.sortNewest : texts.sortHelpful }))}
              data-testid="review-sort"
            />
          ) : null}
        </Group>
        <ReviewList
          ratings={ratings.data}
          isLoading={ratings.isPending && !ratings.isError}
          ownRating={mine.data ?? null}
          highlightedId={highlighted}
          onEditOwn={editOwn}
          onDeleteOwn={deleteOwn}
          deletingOwn={remover.isPending}
          reportAction={reportAction}
        />
      </Stack>
    </>
  );
}
