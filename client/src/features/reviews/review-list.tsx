import type { ReactNode } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { RATING_MAX, REVIEW_PLACEHOLDERS } from '@tonieshelf/shared/values/review';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { Stars } from '../../components/stars';
import { HiddenByModerators } from '../../components/hidden-by-moderators';
import { AuthorLink } from '../../components/author-link';
import { HelpfulVote } from './helpful-vote';
import classes from './reviews.module.css';
import { useFormat } from '../../i18n/use-format';
import { useReviewTexts } from './review-texts';
import { reviewerName } from './review-format';

/** What a page offers on others' reviews to report them (the review, its author): `name` as the review shows it. */
export type ReportAction = (rating: Review, name: string) => ReactNode;

/** The element id of a review, for 'View Your Review'. */
export function reviewElementId(ratingId: number): string {
  return `review-${ratingId}`;
}

interface ReviewListProps {
  ratings: Review[] | undefined;
  isLoading: boolean;
  /**
   * The signed-in user's own review (rating.mine): it is marked 'Your review'. When moderators hid
   * it, the list (which shows only visible reviews) has it no more, so it is shown first, marked
   * 'Hidden by moderators'.
   */
  ownRating: Review | null;
  /** A review to outline for a moment (after 'View Your Review'). */
  highlightedId?: number | null;
  /** The own review's 'Edit' and 'Delete' (shown only when given). */
  onEditOwn?: () => void;
  onDeleteOwn?: () => void;
  /** The own review is being deleted. */
  deletingOwn?: boolean;
  /** The report action on others' reviews; none when not given. */
  reportAction?: ReportAction;
}

/**
 * The reviews of a Tonie (SPEC §2): reviewer name (or 'Anonymous', also when the account is
 * gone), stars, date ('· Edited' once changed), text and tags; the user's own review with 'Edit'
 * and 'Delete' (and 'Hidden by moderators' with 'Why?' when they hid it); on others' reviews a
 * report action (the page's) on others' reviews; three placeholders while loading; 'No reviews
 * yet. Be the first to review this Tonie!' with none. A reviewer's name links to their profile
 * (while the account exists); every visible review shows its helpful count, with the
 * 'Helpful · n' toggle on others' reviews.
 */
export function ReviewList({ ratings, isLoading, ownRating, highlightedId, onEditOwn, onDeleteOwn, deletingOwn = false, reportAction }: ReviewListProps) {
  const texts = useReviewTexts();
  const format = useFormat();
  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={texts.loadingReviews}>
        {Array.from({ length: REVIEW_PLACEHOLDERS }, (_, i) => (
          <Paper key={i} withBorder p="md" radius="md" data-testid="review-placeholder">
            <Group justify="space-between" mb="xs">
              <Skeleton h={14} w={120} />
              <Skeleton h={14} w={80} />
            </Group>
            <Skeleton h={12} mb={6} />
            <Skeleton h={12} w="70%" />
          </Paper>
        ))}
      </Stack>
    );
  }

  const hiddenOwn = ownRating?.hiddenByModerators && !(ratings ?? []).some((r) => r.id === ownRating.id) ? ownRating : null;
  const shown = hiddenOwn ? [hiddenOwn, ...(ratings ?? [])] : (ratings ?? []);

  if (shown.length === 0) {
    return (
      <Text c="dimmed" fz="sm" ta="center" py="md">
        {texts.noReviews}
      </Text>
    );
  }

  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="review-list">
      {shown.map((rating) => {
        const mine = rating.id === ownRating?.id;
        const name = reviewerName(rating, texts.anonymous);
        return (
          <Paper
            key={rating.id}
            component="li"
            id={reviewElementId(rating.id)}
            withBorder
            p="md"
            radius="md"
            tabIndex={-1}
            className={highlightedId === rating.id ? classes.reviewHighlight : undefined}
            data-testid="review"
            data-mine={mine || undefined}
          >
            <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text fw={700} fz="sm" className={classes.wrap}>
                  <AuthorLink username={rating.userId !== null ? rating.username : null} title={texts.profileOf(name)} data-testid="reviewer-link">
                    {name}
                  </AuthorLink>
                </Text>
                {mine ? (
                  <Badge size="xs" variant="light">
                    {texts.yourReview}
                  </Badge>
                ) : null}
              </Group>
              <Group gap="xs" wrap="nowrap">
                {mine ? null : reportAction?.(rating, name)}
                <Stars value={rating.rating} size={14} label={texts.reviewStars(rating.rating, RATING_MAX)} />
                <Text fz="xs" c="dimmed">
                  {format.date(rating.createdAt)}
                  {rating.editedAt ? (
                    <span title={texts.editedOn(format.date(rating.editedAt))} data-testid="review-edited">
                      {' · '}
                      {texts.edited}
                    </span>
                  ) : null}
                </Text>
              </Group>
            </Group>
            {mine && rating.hiddenByModerators ? (
              <Stack gap={4} mb="xs" data-testid="own-review-hidden">
                <HiddenByModerators decisionId={rating.decisionId} size="xs" />
                <Text fz="xs" c="dimmed">
                  {texts.ownHiddenNote}
                </Text>
              </Stack>
            ) : null}
            {rating.review ? (
              <Text fz="sm" style={{ whiteSpace: 'pre-line' }} className={classes.wrap}>
                {rating.review}
              </Text>
            ) : null}
            {rating.tags.length > 0 ? (
              <Group gap={6} mt="xs">
                {rating.tags.map((tag) => (
                  <Badge key={tag} variant="light" color="gray" size="sm" tt="none" fw={500}>
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
            {!rating.hiddenByModerators || (mine && (onEditOwn || onDeleteOwn)) ? (
              <Group gap={4} mt="xs" justify="space-between" wrap="wrap">
                {rating.hiddenByModerators ? <span /> : <HelpfulVote rating={rating} name={name} mine={mine} />}
                {mine && (onEditOwn || onDeleteOwn) ? (
                  <Group gap={4}>
                    {onEditOwn ? (
                      <Button variant="subtle" size="compact-sm" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEditOwn} disabled={deletingOwn}>
                        {texts.editReview}
                      </Button>
                    ) : null}
                    {onDeleteOwn ? (
                      <Button variant="subtle" color="red" size="compact-sm" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDeleteOwn} loading={deletingOwn}>
                        {texts.deleteReview}
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Group>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
