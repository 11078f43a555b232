import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy, IconLock, IconLogin2, IconPencil, IconSend } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX, TAG_NAME_MAX } from '@tonieshelf/shared/constants';
import type { Rating as RatingData } from '@tonieshelf/shared/schemas/rating';
import { TagsField } from '../../components/tags-field';
import { authPathWithNext } from '../auth/next-path';
import { useCurrentUser } from '../auth/use-current-user';
import { trackEvent } from '../../lib/analytics';
import { toast } from '../../lib/toast';
import { useTagList } from './api/use-catalogue-queries';
import { useMyRating } from './api/use-my-rating';
import { useSubmitRating } from './api/use-submit-rating';
import { useUpdateRating } from './api/use-update-rating';
import { useFormat } from '../../i18n/use-format';
import { useCatalogueToasts } from './catalogue-texts';
import { useTonieDetailsTexts } from './tonie-details-texts';
import { useReviewTexts } from './review-texts';
import { StarPicker } from './star-picker';

interface RatingFormProps {
  tonieId: number;
  /** 'View Your Review': refetch the ratings and scroll to the user's review. */
  onViewYourReview: () => void;
  viewingReview: boolean;
  /** The user's own review is open for changes (the 'Edit' of the review or 'Edit your review'). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** A new review was sent and the reviews are read again: the dialog moves focus to it. */
  onSubmitted?: (rating: RatingData) => void;
}

/**
 * The rating form's variants (SPEC §2, §5): a sign-in prompt for anonymous visitors, a notice
 * with 'View Your Review' and 'Edit your review' once the user has reviewed the Tonie (the
 * server's rating.mine has their rating, or a submit was answered with 409), the form filled
 * with their review while they edit it, else the form itself: 1-5 stars (required), an optional
 * review of up to 5,000 characters, and tags.
 */
export function RatingForm({ tonieId, onViewYourReview, viewingReview, editing, onEditingChange, onSubmitted }: RatingFormProps) {
  const texts = useTonieDetailsTexts();
  const location = useLocation();
  const { user, isLoading: userLoading } = useCurrentUser();
  const mine = useMyRating(tonieId);
  const [conflict, setConflict] = useState(false);
  const own = mine.data ?? null;
  const alreadyReviewed = user !== null && (own !== null || conflict);

  // A 409 stands for the user's review until the server's rating.mine has it; deleted, the form is back.
  useEffect(() => {
    if (own) setConflict(false);
  }, [own]);
  // A review deleted meanwhile cannot be edited any more.
  useEffect(() => {
    if (editing && mine.isSuccess && own === null) onEditingChange(false);
  }, [editing, mine.isSuccess, own, onEditingChange]);

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
          <Button
            component={Link}
            to={authPathWithNext(`${location.pathname}${location.search}`)}
            size="sm"
            leftSection={<IconLogin2 size={16} aria-hidden />}
          >
            {texts.signIn}
          </Button>
        </Group>
      </Paper>
    );
  } else if (editing && own) {
    body = <ReviewForm key={own.id} tonieId={tonieId} editing={own} onDone={() => onEditingChange(false)} />;
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
    body = <ReviewForm tonieId={tonieId} onConflict={() => setConflict(true)} onSubmitted={onSubmitted} />;
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="rate-this-tonie" id={RATING_FORM_ID}>
      <Title order={3} fz="lg" id="rate-this-tonie">
        {texts.rateThisTonie}
      </Title>
      {body}
    </Stack>
  );
}

/** The element id of the rating form's section (scrolled to when an edit starts from the review). */
export const RATING_FORM_ID = 'rating-form-section';

interface ReviewFormProps {
  tonieId: number;
  /** The user's own review, when the form edits it ('Save changes', 'Cancel'). */
  editing?: RatingData;
  /** A new review was refused with 409. */
  onConflict?: () => void;
  /** The edit was saved or cancelled. */
  onDone?: () => void;
  /** A new review was sent and the reviews read again. */
  onSubmitted?: (rating: RatingData) => void;
}

function ReviewForm({ tonieId, editing, onConflict, onDone, onSubmitted }: ReviewFormProps) {
  const texts = useTonieDetailsTexts();
  const reviewTexts = useReviewTexts();
  const toasts = useCatalogueToasts();
  const format = useFormat();
  const [rating, setRating] = useState(editing?.rating ?? 0);
  const [review, setReview] = useState(editing?.review ?? '');
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  // A submit without stars marks the star group invalid, says why beside it and moves focus there.
  const [missingRating, setMissingRating] = useState(false);
  const firstStar = useRef<HTMLInputElement>(null);
  const tagList = useTagList();
  const submit = useSubmitRating(tonieId, {
    onSubmitted: () => {
      setRating(0);
      setReview('');
      setTags([]);
    },
    onRefreshed: onSubmitted,
    onConflict,
  });
  const update = useUpdateRating(tonieId, { onUpdated: onDone });
  const pending = submit.isPending || update.isPending;
  const labelId = `your-rating-label-${tonieId}${editing ? '-edit' : ''}`;
  const errorId = `rating-error-${tonieId}${editing ? '-edit' : ''}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (rating <= 0) {
      toast({ message: useCatalogueToasts.get().selectRating, variant: 'warning' });
      setMissingRating(true);
      firstStar.current?.focus();
      return;
    }
    const values = { tonieId, rating, review: review.trim() || null, tags };
    if (editing) {
      update.mutate(values);
      return;
    }
    trackEvent('submit_review', { tonieId, rating });
    submit.mutate(values);
  };

  return (
    <Paper component="form" withBorder p="md" radius="md" onSubmit={onSubmit} data-testid={editing ? 'rating-form-edit' : 'rating-form'} noValidate>
      <Stack gap="md">
        {editing ? (
          <Text fw={700} fz="sm" data-testid="editing-title">
            {texts.editYourReview}
          </Text>
        ) : null}
        <Stack gap={6}>
          <Text fz="sm" fw={600} id={labelId}>
            {texts.yourRating}
          </Text>
          <Group gap="sm">
            <StarPicker
              value={rating}
              onChange={(value) => {
                setRating(value);
                setMissingRating(false);
              }}
              count={RATING_MAX}
              name={`rating-${tonieId}${editing ? '-edit' : ''}`}
              labelledBy={labelId}
              starLabel={reviewTexts.starLabel}
              errorId={missingRating ? errorId : undefined}
              firstRadioRef={firstStar}
              data-testid="star-picker"
            />
            <Text fz="sm" c="dimmed" data-testid="rating-value">
              {rating > 0 ? reviewTexts.ratingOf(rating, RATING_MAX) : ''}
            </Text>
          </Group>
          {missingRating ? (
            <Text fz="sm" c="var(--mantine-color-error)" id={errorId} data-testid="rating-error">
              {toasts.selectRating}
            </Text>
          ) : null}
        </Stack>

        <Stack gap={4}>
          <Textarea
            label={texts.reviewLabel}
            placeholder={texts.reviewPlaceholder}
            value={review}
            onChange={(event) => setReview(event.currentTarget.value)}
            maxLength={REVIEW_MAX_LENGTH}
            autosize
            minRows={3}
            maxRows={10}
          />
          <Text fz="xs" c="dimmed" ta="right" aria-live="off" data-testid="review-counter">
            {format.count(review.length)} / {format.count(REVIEW_MAX_LENGTH)}
          </Text>
        </Stack>

        <TagsField
          label={texts.tagsLabel}
          placeholder={texts.tagsPlaceholder}
          description={texts.tagsHint(REVIEW_TAGS_MAX, TAG_NAME_MAX)}
          suggestions={tagList.data?.tags ?? []}
          value={tags}
          onChange={setTags}
          maxTags={REVIEW_TAGS_MAX}
          clearable
        />

        <Group justify="flex-end" gap="sm">
          {editing ? (
            <Button variant="default" onClick={onDone} disabled={pending}>
              {texts.cancel}
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={rating === 0 || pending}
            loading={pending}
            leftSection={editing ? <IconDeviceFloppy size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}
          >
            {editing ? texts.saveChanges : texts.submitReview}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
