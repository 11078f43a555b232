import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconFlag, IconPencil, IconTrash, IconUserExclamation } from '@tabler/icons-react';
import { RATING_MAX, REVIEW_PLACEHOLDERS } from '@tonieshelf/shared/constants';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { Stars } from '../../components/stars';
import { HiddenByModerators } from '../legal/hidden-by-moderators';
import { AuthorLink } from '../profiles/author-link';
import { HelpfulVote } from '../profiles/helpful-vote';
import { useProfileTexts } from '../profiles/profile-texts';
import { preloadReportForm, ReportDialog } from '../report/report-dialog';
import { reviewTarget, userTarget } from '../report/report-target';
import type { ReportTarget } from '../report/report-target';
import classes from './catalogue.module.css';
import { useFormat } from '../../i18n/use-format';
import { useTonieDetailsTexts } from './tonie-details-texts';
import { useReviewTexts } from './review-texts';
import { reviewerName } from './tonie-format';

/** The element id of a review, for 'View Your Review'. */
export function reviewElementId(ratingId: number): string {
  return `review-${ratingId}`;
}

interface ReviewListProps {
  ratings: Review[] | undefined;
  isLoading: boolean;
  /**
   * The signed-in user's own review (review.mine): it is marked 'Your review'. When moderators hid
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
}

/**
 * The reviews of a Tonie (SPEC §2): reviewer name (or 'Anonymous', also when the account is
 * gone), stars, date ('· Edited' once changed), text and tags; the user's own review with 'Edit'
 * and 'Delete' (and 'Hidden by moderators' with 'Why?' when they hid it); on others' reviews a
 * flag menu to report the review or its author; three placeholders while loading; 'No reviews
 * yet. Be the first to review this Tonie!' with none. A reviewer's name links to their profile
 * (while the account exists); every visible review shows its helpful count, with the
 * 'Helpful · n' toggle on others' reviews.
 */
export function ReviewList({ ratings, isLoading, ownRating, highlightedId, onEditOwn, onDeleteOwn, deletingOwn = false }: ReviewListProps) {
  const texts = useTonieDetailsTexts();
  const reviewTexts = useReviewTexts();
  const profileTexts = useProfileTexts();
  const format = useFormat();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={reviewTexts.loadingReviews}>
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
    <>
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
                    <AuthorLink username={rating.userId !== null ? rating.username : null} title={profileTexts.profileOf(name)} data-testid="reviewer-link">
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
                  {mine ? null : (
                    <Menu position="bottom-end" withinPortal shadow="md" onOpen={preloadReportForm}>
                      <Menu.Target>
                        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={texts.reportMenu(name)} data-testid="report-review-menu">
                          <IconFlag size={14} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconFlag size={14} aria-hidden />} onClick={() => setReporting(reviewTarget(rating, name))}>
                          {texts.reportReview}
                        </Menu.Item>
                        {rating.userId ? (
                          <Menu.Item leftSection={<IconUserExclamation size={14} aria-hidden />} onClick={() => setReporting(userTarget(rating.userId!, name))}>
                            {texts.reportUser}
                          </Menu.Item>
                        ) : null}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                  <Stars value={rating.rating} size={14} label={reviewTexts.reviewStars(rating.rating, RATING_MAX)} />
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
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
