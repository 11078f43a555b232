// The review form itself (stars, review text, tags; new or the user's own open for changes),
// loaded when the rating form first shows it: a signed-in user's. Signed-out visitors, most of a
// shared Tonie link's, never load it (its tag field and text area are ~20 kB gzipped).
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX } from '@tonieshelf/shared/values/review';
import { TAG_NAME_MAX } from '@tonieshelf/shared/values/common';
import type { Review as ReviewData } from '@tonieshelf/shared/schemas/review';
import { TagsField } from '../../components/tags-field';
import { trackEvent } from '../../lib/analytics';
import { toast } from '../../lib/toast';
import { useTagList } from './api/use-review-queries';
import { useSubmitRating } from './api/use-submit-rating';
import { useUpdateRating } from './api/use-update-rating';
import { useFormat } from '../../i18n/use-format';
import { useReviewTexts, useReviewToasts } from './review-texts';
import { StarPicker } from './star-picker';

interface ReviewFormProps {
  tonieId: number;
  /** The user's own review, when the form edits it ('Save changes', 'Cancel'). */
  editing?: ReviewData;
  /** A new review was refused with 409. */
  onConflict?: () => void;
  /** The edit was saved or cancelled. */
  onDone?: () => void;
  /** A new review was sent and the reviews read again. */
  onSubmitted?: (rating: ReviewData) => void;
}

export function ReviewForm({ tonieId, editing, onConflict, onDone, onSubmitted }: ReviewFormProps) {
  const texts = useReviewTexts();
  const toasts = useReviewToasts();
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
      toast({ message: useReviewToasts.get().selectRating, variant: 'warning' });
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
              starLabel={texts.starLabel}
              errorId={missingRating ? errorId : undefined}
              firstRadioRef={firstStar}
              data-testid="star-picker"
            />
            <Text fz="sm" c="dimmed" data-testid="rating-value">
              {rating > 0 ? texts.ratingOf(rating, RATING_MAX) : ''}
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
