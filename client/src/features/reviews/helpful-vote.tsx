import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';
import { useHelpfulVote, useMyVotes } from './api/use-helpful-votes';
import { useReviewTexts } from './review-texts';

interface HelpfulVoteProps {
  rating: Review;
  /** The reviewer's name as the review shows it. */
  name: string;
  /** The review is the signed-in user's own: the count, no button. */
  mine: boolean;
}

/**
 * A review's helpful count and, on others' reviews (also those of a deleted account), the
 * 'Helpful · n' toggle (pressed once the user marked it); its accessible name starts with the
 * visible 'Helpful · n'. Signed out, the button leads to the sign-in and back.
 */
export function HelpfulVote({ rating, name, mine }: HelpfulVoteProps) {
  const texts = useReviewTexts();
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const votes = useMyVotes(mine ? null : rating.tonieId);
  const vote = useHelpfulVote(rating.tonieId);

  // Reviews whose author's account is gone ('Anonymous') can be voted on too.
  if (mine || (isLoading && !user)) {
    return (
      <Group gap={4} c="dimmed" wrap="nowrap" data-testid="helpful-count">
        <IconThumbUp size={14} aria-hidden />
        <Text span fz="xs">
          {texts.helpfulCount(rating.helpfulCount)}
        </Text>
      </Group>
    );
  }

  if (!user) {
    return (
      <Tooltip label={texts.signInToVote} withArrow>
        <Button
          component={Link}
          to={authPathWithNext(`${location.pathname}${location.search}`)}
          variant="subtle"
          color="gray"
          c="dimmed"
          fw={500}
          size="compact-xs"
          leftSection={<IconThumbUp size={14} aria-hidden />}
          aria-label={`${texts.helpful(rating.helpfulCount)}. ${texts.signInToVote}`}
          data-testid="helpful-sign-in"
        >
          {texts.helpful(rating.helpfulCount)}
        </Button>
      </Tooltip>
    );
  }

  const pressed = votes.data?.includes(rating.id) ?? false;
  return (
    <Button
      variant={pressed ? 'light' : 'subtle'}
      color={pressed ? undefined : 'gray'}
      c={pressed ? undefined : 'dimmed'}
      fw={pressed ? 700 : 500}
      size="compact-xs"
      leftSection={pressed ? <IconThumbUpFilled size={14} aria-hidden /> : <IconThumbUp size={14} aria-hidden />}
      aria-pressed={pressed}
      aria-label={texts.markHelpful(texts.helpful(rating.helpfulCount), name)}
      title={texts.markHelpful(texts.helpful(rating.helpfulCount), name)}
      disabled={votes.isPending}
      onClick={() => vote.mutate({ ratingId: rating.id, helpful: !pressed })}
      data-testid="helpful-button"
    >
      {texts.helpful(rating.helpfulCount)}
    </Button>
  );
}
