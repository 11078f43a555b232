import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Paper, Rating, Skeleton, Stack, TagsInput, Text, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconLogin2, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Link, useLocation } from 'react-router';
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX, TAG_LIST_CACHE_MS, TAG_NAME_MAX } from '@tonieshelf/shared/constants';
import { authPathWithNext } from '../auth/next-path';
import { trackEvent } from '../../lib/analytics';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CATALOGUE_TEXTS, CATALOGUE_TOASTS } from './catalogue-texts';

/** Tag suggestions shown at once while typing (SPEC §9 'Tag suggestion limit on the catalogue'). */
const TAG_SUGGESTIONS = 5;

/** True for the server's answer to a second review: 409 / CONFLICT, or its message. */
export function isAlreadyReviewedError(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string; httpStatus?: number } | undefined;
    if (data?.code === 'CONFLICT' || data?.httpStatus === 409) return true;
  }
  const message = error instanceof Error ? error.message : String(error ?? '');
  return message.toLowerCase().includes('already submitted');
}

interface RatingFormProps {
  tonieId: number;
  /** The signed-in user (null when signed out). */
  userId: string | null;
  userLoading: boolean;
  /** The user has reviewed this Tonie (in the ratings, rating.mine, or a 409 came back). */
  alreadyReviewed: boolean;
  /** A 409 came back: the dialog remembers that this user has reviewed the Tonie. */
  onConflict: () => void;
  /** 'View Your Review': refetch the ratings and scroll to the user's review. */
  onViewYourReview: () => void;
  viewingReview: boolean;
}

/**
 * The rating form's three variants (SPEC §2, §5): a sign-in prompt for anonymous visitors, a
 * notice with 'View Your Review' once the user has reviewed the Tonie, else the form itself:
 * 1-5 stars (required), an optional review of up to 5,000 characters, and tags.
 */
export function RatingForm(props: RatingFormProps) {
  const { userId, userLoading, alreadyReviewed } = props;
  const location = useLocation();

  let body;
  if (userLoading) {
    body = <Skeleton h={120} radius="md" />;
  } else if (!userId) {
    body = (
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)" data-testid="rating-form-anonymous">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconLock size={20} aria-hidden style={{ flex: 'none' }} />
            <Text fz="sm">{CATALOGUE_TEXTS.signInToRate}</Text>
          </Group>
          <Button
            component={Link}
            to={authPathWithNext(`${location.pathname}${location.search}`)}
            size="sm"
            leftSection={<IconLogin2 size={16} aria-hidden />}
          >
            {CATALOGUE_TEXTS.signIn}
          </Button>
        </Group>
      </Paper>
    );
  } else if (alreadyReviewed) {
    body = (
      <Alert color="teal" variant="light" radius="md" icon={<IconCircleCheck size={20} aria-hidden />} title={CATALOGUE_TEXTS.alreadyReviewed} data-testid="rating-form-reviewed">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">{CATALOGUE_TEXTS.alreadyReviewedHint}</Text>
          <Button size="xs" variant="filled" color="teal" onClick={props.onViewYourReview} loading={props.viewingReview}>
            {CATALOGUE_TEXTS.viewYourReview}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = <ReadyForm tonieId={props.tonieId} onConflict={props.onConflict} />;
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="rate-this-tonie">
      <Title order={3} fz="lg" id="rate-this-tonie">
        {CATALOGUE_TEXTS.rateThisTonie}
      </Title>
      {body}
    </Stack>
  );
}

function ReadyForm({ tonieId, onConflict }: { tonieId: number; onConflict: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const tagList = useQuery({ ...trpc.tag.list.queryOptions(), staleTime: TAG_LIST_CACHE_MS });

  const reset = () => {
    setRating(0);
    setReview('');
    setTags([]);
  };

  const submit = useMutation(
    trpc.rating.create.mutationOptions({
      onSuccess: async () => {
        reset();
        toast({ title: CATALOGUE_TOASTS.submittedTitle, message: CATALOGUE_TOASTS.submitted, variant: 'success' });
        // The spec's second toast; one toast shows at a time, so it takes the first one's place.
        toast({ title: CATALOGUE_TOASTS.submittedAgainTitle, message: CATALOGUE_TOASTS.submittedAgain, variant: 'success' });
        await Promise.all([
          queryClient.invalidateQueries(trpc.tonie.byId.queryFilter({ id: tonieId })),
          queryClient.invalidateQueries(trpc.rating.list.queryFilter({ tonieId })),
          queryClient.invalidateQueries(trpc.rating.summary.queryFilter({ tonieId })),
          queryClient.invalidateQueries(trpc.rating.mine.queryFilter({ tonieId })),
          queryClient.invalidateQueries(trpc.tonie.list.pathFilter()),
          queryClient.invalidateQueries(trpc.tag.list.pathFilter()),
        ]);
      },
      onError: (error) => {
        if (isAlreadyReviewedError(error)) {
          onConflict();
          toast({ title: CATALOGUE_TOASTS.alreadyReviewedTitle, message: CATALOGUE_TOASTS.alreadyReviewed, variant: 'warning' });
          void queryClient.invalidateQueries(trpc.rating.list.queryFilter({ tonieId }));
          return;
        }
        toast({ title: CATALOGUE_TOASTS.error, message: `${CATALOGUE_TOASTS.submitFailed}${error.message}`, variant: 'destructive' });
      },
    }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (rating <= 0) {
      toast({ message: CATALOGUE_TOASTS.selectRating, variant: 'warning' });
      return;
    }
    trackEvent('submit_review', { tonieId, rating });
    submit.mutate({ tonieId, rating, review: review.trim() || null, tags });
  };

  return (
    <Paper component="form" withBorder p="md" radius="md" onSubmit={onSubmit} data-testid="rating-form" noValidate>
      <Stack gap="md">
        <Stack gap={6}>
          <Text fz="sm" fw={600} id="your-rating-label">
            {CATALOGUE_TEXTS.yourRating}
          </Text>
          <Group gap="sm">
            <Rating
              value={rating}
              onChange={setRating}
              size="lg"
              count={RATING_MAX}
              aria-labelledby="your-rating-label"
              getSymbolLabel={(value) => `${value} ${value === 1 ? 'star' : 'stars'}`}
              name={`rating-${tonieId}`}
            />
            <Text fz="sm" c="dimmed" aria-live="polite">
              {rating > 0 ? `${rating} of ${RATING_MAX}` : ''}
            </Text>
          </Group>
        </Stack>

        <Stack gap={4}>
          <Textarea
            label={CATALOGUE_TEXTS.reviewLabel}
            placeholder={CATALOGUE_TEXTS.reviewPlaceholder}
            value={review}
            onChange={(event) => setReview(event.currentTarget.value)}
            maxLength={REVIEW_MAX_LENGTH}
            autosize
            minRows={3}
            maxRows={10}
          />
          <Text fz="xs" c="dimmed" ta="right" aria-live="off" data-testid="review-counter">
            {review.length.toLocaleString('en-US')} / {REVIEW_MAX_LENGTH.toLocaleString('en-US')}
          </Text>
        </Stack>

        <TagsInput
          label={CATALOGUE_TEXTS.tagsLabel}
          placeholder={tags.length < REVIEW_TAGS_MAX ? CATALOGUE_TEXTS.tagsPlaceholder : undefined}
          description={`Up to ${REVIEW_TAGS_MAX} tags of at most ${TAG_NAME_MAX} characters each`}
          data={tagList.data?.tags ?? []}
          value={tags}
          onChange={(next) => setTags(next.map((t) => t.trim().replace(/\s+/g, ' ')).filter((t) => t.length > 0 && t.length <= TAG_NAME_MAX))}
          limit={TAG_SUGGESTIONS}
          maxTags={REVIEW_TAGS_MAX}
          splitChars={[',']}
          clearable
        />

        <Group justify="flex-end">
          <Button type="submit" disabled={rating === 0 || submit.isPending} loading={submit.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {CATALOGUE_TEXTS.submitReview}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
