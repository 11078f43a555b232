import { lazy, useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconLogin2, IconPencil } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { Review as ReviewData } from '@tonieshelf/shared/schemas/review';
import { FormSuspense } from '../../components/form-suspense';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';
import { useMyRating } from './api/use-my-rating';
import { useReviewTexts } from './review-texts';

/** The form's code comes when it is first shown to a signed-in user (see review-form.tsx). */
const ReviewForm = lazy(async () => ({ default: (await import('./review-form')).ReviewForm }));

interface RatingFormProps {
  tonieId: number;
  /** 'View Your Review': refetch the ratings and scroll to the user's review. */
  onViewYourReview: () => void;
  viewingReview: boolean;
  /** The user's own review is open for changes (the 'Edit' of the review or 'Edit your review'). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** A new review was sent and the reviews are read again: the dialog moves focus to it. */
  onSubmitted?: (rating: ReviewData) => void;
}

/**
 * The rating form's variants (SPEC §2, §5): a sign-in prompt for anonymous visitors, a notice
 * with 'View Your Review' and 'Edit your review' once the user has reviewed the Tonie (the
 * server's review.mine has their rating, or a submit was answered with 409), the form filled
 * with their review while they edit it, else the form itself: 1-5 stars (required), an optional
 * review of up to 5,000 characters, and tags.
 */
export function RatingForm({ tonieId, onViewYourReview, viewingReview, editing, onEditingChange, onSubmitted }: RatingFormProps) {
  const texts = useReviewTexts();
  const location = useLocation();
  const { user, isLoading: userLoading } = useCurrentUser();
  const mine = useMyRating(tonieId);
  const [conflict, setConflict] = useState(false);
  const own = mine.data ?? null;
  const alreadyReviewed = user !== null && (own !== null || conflict);

  // A 409 stands for the user's review until the server's review.mine has it; deleted, the form is back.
  useEffect(() => {
    if (own) setConflict(false);
  }, [own]);
  // A review deleted meanwhile cannot be edited any more.
  useEffect(() => {
    if (editing && mine.isSuccess && own === null) onEditingChange(false);
  }, [editing, mine.isSuccess, own, onEditingChange]);

  // The form's room while its code comes.
  const formLoading = <Skeleton h={360} radius="md" data-testid="rating-form-loading" />;
  let body;
  if (userLoading) {
    body = <Skeleton h={120} radius="md" />;
  } else if (!user) {
    body = (
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)" data-testid="rating-form-anonymous">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconLock size={20} aria-hidden style={{ flex: 'none' }} />
            <Text fz="sm">{texts.signInToRate}</Text>
          </Group>
          <Button component={Link} to={authPathWithNext(`${location.pathname}${location.search}`)} size="sm" leftSection={<IconLogin2 size={16} aria-hidden />}>
            {texts.signIn}
          </Button>
        </Group>
      </Paper>
    );
  } else if (editing && own) {
    body = (
      <FormSuspense standIn={formLoading}>
        <ReviewForm key={own.id} tonieId={tonieId} editing={own} onDone={() => onEditingChange(false)} />
      </FormSuspense>
    );
  } else if (alreadyReviewed) {
    body = (
      <Alert color="teal" variant="light" radius="md" icon={<IconCircleCheck size={20} aria-hidden />} title={texts.alreadyReviewed} data-testid="rating-form-reviewed">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{texts.alreadyReviewedHint}</Text>
          <Group gap="xs">
            <Button size="xs" variant="filled" color="teal" onClick={onViewYourReview} loading={viewingReview}>
              {texts.viewYourReview}
            </Button>
            {own ? (
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEditingChange(true)}>
                {texts.editYourReview}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <FormSuspense standIn={formLoading}>
        <ReviewForm tonieId={tonieId} onConflict={() => setConflict(true)} onSubmitted={onSubmitted} />
      </FormSuspense>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={RATE_HEADING_ID} id={RATING_FORM_ID}>
      <Title order={3} fz="lg" id={RATE_HEADING_ID}>
        {texts.rateThisTonie}
      </Title>
      {body}
    </Stack>
  );
}

/** The element id of the rating form's section (scrolled to when an edit starts from the review). */
export const RATING_FORM_ID = 'rating-form-section';
/** Its heading 'Rate this Tonie' (focused after the own review was deleted). */
export const RATE_HEADING_ID = 'rate-this-tonie';
