import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Badge, Group, SegmentedControl, Stack, Title, VisuallyHidden } from '@mantine/core';
import { REVIEW_SORTS, type ReviewSort } from '@tonieshelf/shared/values/review';
import { confirmAction } from '../../components/confirm';
import { scrollBehavior } from '../../lib/motion';
import { toast } from '../../lib/toast';
import { focusIfLostWithin } from '../../lib/focus-lost';
import { useDeleteRating } from './api/use-delete-rating';
import { useMyRating } from './api/use-my-rating';
import { useRatings, useRatingSummary } from './api/use-review-queries';
import { RATE_HEADING_ID, RATING_FORM_ID, RatingForm } from './rating-form';
import { ReviewList, reviewElementId, type ReportAction } from './review-list';
import { useReviewTexts, useReviewToasts } from './review-texts';

/** How long after a deletion focus is put back on 'Rate this Tonie' whenever it falls to the page. */
const DELETED_FOCUS_WATCH_MS = 3000;

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
  // Deleted, the dialog's own status region says so (the toast is outside the dialog, unheard); once
  // the review and its buttons have left the list, focus goes to 'Rate this Tonie' (the form for a new review).
  const [deletedNote, setDeletedNote] = useState('');
  const deletedId = useRef<number | null>(null);
  const remover = useDeleteRating(tonieId, {
    onDeleted: () => {
      deletedId.current = mine.data?.id ?? null;
      setEditing(false);
      setDeletedNote('');
      window.requestAnimationFrame(() => setDeletedNote(toasts.deleted));
    },
  });
  useLayoutEffect(() => {
    const id = deletedId.current;
    if (id === null || !ratings.data || ratings.data.some((r) => r.id === id)) return;
    deletedId.current = null;
    const heading = document.getElementById(RATE_HEADING_ID);
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    // The confirmation may still be closing: it hands focus back to the removed Delete button.
    focusIfLostWithin(heading, DELETED_FOCUS_WATCH_MS);
  });

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
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="review-deleted-status">
          {deletedNote}
        </VisuallyHidden>
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
